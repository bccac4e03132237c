-- Customers, abandoned checkouts, fulfillment imports, cancel requests and invalid addresses
-- (issue 13). Orders and checkouts are the tables of 021/022.

-- Customers are derived from orders per seller and buyer email (index orders_seller_email of 024).

-- Orders from the seller's other channels (order_type 'fulfillment'): the marketplace and its
-- order id. Unique per seller, so importing the same file twice creates nothing twice; NULLs are
-- distinct, so storefront orders (no external id) are not affected.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS marketplace text;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS external_order_id text;
CREATE UNIQUE INDEX IF NOT EXISTS orders_external ON orders (seller_id, marketplace, external_order_id);
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS sku text;

-- Orders held for an address that failed the checkout's check.
CREATE INDEX IF NOT EXISTS orders_address_invalid ON orders (seller_id, id DESC) WHERE address_invalid;

-- Abandoned-checkout recovery: the seller's schedule (minutes after the checkout for each of
-- emails 1 to 3) and the emails that went out, one row per checkout and email number.
CREATE TABLE abandoned_settings (
  seller_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  delay1_minutes integer NOT NULL DEFAULT 60,
  delay2_minutes integer NOT NULL DEFAULT 1440,
  delay3_minutes integer NOT NULL DEFAULT 4320,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE checkout_recovery_emails (
  checkout_id uuid NOT NULL REFERENCES checkouts(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email_number smallint NOT NULL CHECK (email_number BETWEEN 1 AND 3),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (checkout_id, email_number)
);
CREATE INDEX IF NOT EXISTS checkouts_store_email ON checkouts (store_id, lower(email), created_at);
CREATE INDEX IF NOT EXISTS orders_store_email ON orders (store_id, lower(email), created_at);

-- A buyer's request to cancel an order, decided by the seller: pending, approved or refused.
CREATE TABLE cancel_requests (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text,
  status text NOT NULL DEFAULT 'pending',
  decided_by bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cancel_requests_one_pending ON cancel_requests (order_id) WHERE status = 'pending';
CREATE INDEX cancel_requests_seller ON cancel_requests (seller_id, id DESC);
