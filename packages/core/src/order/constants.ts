/** Orders list: page size and sorts (spec §9 default page size 10; the orders list shows 20). */
export const ORDER_LIST_PER_PAGE = 20;
export const ORDER_ORDER_FIELDS = ['id', 'created_at', 'total', 'order_number'] as const;
export const DEFAULT_ORDER_ORDER_BY = 'id:desc';
/** At most this many orders per bulk action. */
export const ORDER_BULK_ACTION_MAX_IDS = 100;
export const ORDER_BULK_ACTIONS = ['hold', 'resume', 'cancel'] as const;
export const ORDER_NOTE_MAX_LENGTH = 2000;
/** Rows the CSV export reads per batch: its memory stays flat whatever the list's size. */
export const ORDER_EXPORT_BATCH = 500;
/**
 * A refund's course (server migration 056): `pending` until the provider accepted it,
 * `processing` while the provider has not finished it, then `completed` or `failed`.
 */
export const REFUND_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
/** Who did something on an order's timeline. */
export const ORDER_ACTOR_KINDS = ['buyer', 'seller', 'team_member', 'platform', 'system'] as const;

export const ORDER_MESSAGES = {
  notFrom: (event: string, status: string) =>
    `An order that is ${status.replace('_', ' ')} cannot take "${event.replace('_', ' ')}".`,
  inProduction: (what: string) =>
    `This order can no longer be ${what}: production has started on at least one item.`,
  noLines: (what: string) => `No item of this order is ${what}.`,
  unknownLine: 'Choose items of this order.',
  reprintShippedOnly: 'Only shipped items can be printed again.',
  noWay: (from: string, to: string) =>
    `An order that is ${from.replace('_', ' ')} cannot be set to ${to.replace('_', ' ')}.`,
  addressLocked: 'The address can no longer change: production has started or the order is closed.',
  addressSaved: 'Address saved.',
  noteAdded: 'Note added.',
  statusChanged: 'Order updated.',
  shipped: 'Shipment recorded.',
  inProductionNow: 'The order is in production; its print files are being drawn.',
  sentToDesigning: 'Some items have no usable design: the order waits on SEN Design.',
} as const;

/** Carrier tracking pages (the detail page links a tracking number to its carrier). */
export const CARRIER_TRACKING_URLS: Readonly<Record<string, string>> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  dhl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}',
};

/** The carrier's tracking page for a number, or null for a carrier we have no page for. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const pattern = CARRIER_TRACKING_URLS[carrier.trim().toLowerCase()];
  return pattern ? pattern.replace('{n}', encodeURIComponent(trackingNumber)) : null;
}
