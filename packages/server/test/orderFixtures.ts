/** Orders written straight into the tables, for tests of the pages that read them. */
import type { Queryable } from '../src/db/Db.js';

export interface OrderFixture {
  sellerId: number;
  storeId?: number | null;
  email: string;
  name?: string;
  country?: string;
  total?: number;
  currency?: string;
  paymentStatus?: string;
  status?: string;
  addressInvalid?: boolean;
  createdAt?: string;
  orderType?: string;
}

export async function insertOrder(
  db: Queryable,
  order: OrderFixture,
): Promise<{ id: number; order_number: string }> {
  const address = {
    name: order.name ?? 'Buyer',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postcode: '62701',
    country: order.country ?? 'US',
  };
  const [row] = await db.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (seller_id, store_id, order_number, order_type, status, payment_status, email,
       customer_name, shipping_address, address_invalid, currency, subtotal, shipping, discount, tip,
       processing_fee, total, created_at)
     VALUES ($1, $2, 'PL' || nextval('order_number_seq'), $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 0,
       0, 0, $11, COALESCE($12::timestamptz, now()))
     RETURNING id, order_number`,
    [
      order.sellerId,
      order.storeId ?? null,
      order.orderType ?? 'regular',
      order.status ?? 'processing',
      order.paymentStatus ?? 'paid',
      order.email,
      order.name ?? 'Buyer',
      JSON.stringify(address),
      order.addressInvalid ?? false,
      order.currency ?? 'USD',
      order.total ?? 2500,
      order.createdAt ?? null,
    ],
  );
  if (!row) throw new Error('order fixture insert returned nothing');
  return { id: Number(row.id), order_number: row.order_number };
}

export async function insertStore(db: Queryable, sellerId: number, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO stores (seller_id, name) VALUES ($1, $2) RETURNING id',
    [sellerId, name],
  );
  return Number(row?.id);
}
