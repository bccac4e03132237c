import type { FulfillmentRecord } from '@printloom/core';

/** An order read from a connected shop: its id here and its lines as import records. */
export interface ExternalOrder {
  external_order_id: string;
  records: FulfillmentRecord[];
}

/** What one import read, and where the next one starts. */
export interface FetchedOrders {
  orders: ExternalOrder[];
  until: Date;
}
