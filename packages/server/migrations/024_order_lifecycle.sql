-- The seller's side of orders (issue 13): the order machine's memory, the timeline's actor,
-- shipments with tracking numbers, and indexes for every filter and sort of the orders list.

-- The status an on_hold order returns to on resume (core order machine).
ALTER TABLE orders ADD COLUMN held_from text;

-- Who did what on the timeline: buyer, seller, team_member (the real person), platform, system.
ALTER TABLE order_events ADD COLUMN actor_kind text NOT NULL DEFAULT 'system';
ALTER TABLE order_events ADD COLUMN actor_id bigint REFERENCES users(id) ON DELETE SET NULL;

-- A parcel handed to a carrier: which lines it holds and its tracking number.
CREATE TABLE order_shipments (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_ids bigint[] NOT NULL,
  carrier text NOT NULL,
  tracking_number text NOT NULL,
  shipped_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_shipments_order ON order_shipments (order_id, id);
-- q on a tracking number: an exact match within the seller.
CREATE INDEX order_shipments_tracking ON order_shipments (seller_id, upper(tracking_number));

-- The list: every filter leads with seller_id and ends in id (the tie-break of every sort), so
-- a page and its capped count read a bounded number of index entries. created_at serves the
-- time presets and the created_at sort; total the total sort; q on a number is the unique
-- order_number index, on an email orders_email of 021, on a name the trigram index below.
CREATE INDEX orders_seller_status ON orders (seller_id, status, id);
CREATE INDEX orders_seller_payment ON orders (seller_id, payment_status, id);
CREATE INDEX orders_seller_fulfillment ON orders (seller_id, fulfillment_status, id);
CREATE INDEX orders_seller_type ON orders (seller_id, order_type, id);
CREATE INDEX orders_seller_store ON orders (seller_id, store_id, id);
CREATE INDEX orders_seller_created ON orders (seller_id, created_at, id);
CREATE INDEX orders_seller_total ON orders (seller_id, total, id);
CREATE INDEX orders_seller_email ON orders (seller_id, lower(email), id);
CREATE INDEX orders_customer_name_trgm ON orders USING gin (customer_name gin_trgm_ops);
