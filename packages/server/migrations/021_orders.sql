-- Checkout and orders (issue 12). Money is in integer minor units of the order's currency.
-- Enumerations (status, payment_status, fulfillment_status, order_type, item status) are the
-- spec §3 lists, kept in core (enums/orders.ts) and checked there.

-- A priced cart for an address. Unpaid checkouts with an email stay: the abandoned-checkout
-- list of the orders side reads them. id is a random UUID, the buyer's only handle on it.
CREATE TABLE checkouts (
  id uuid PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email text NOT NULL,
  shipping_address jsonb NOT NULL,
  address_invalid boolean NOT NULL DEFAULT false,
  address_problems jsonb NOT NULL DEFAULT '[]',
  -- [{campaign_id, product_id, template_id, name, color, size, quantity, price, base_cost}]
  items jsonb NOT NULL,
  coupon_code text,
  tip_percent integer,
  currency text NOT NULL,
  subtotal bigint NOT NULL,
  shipping bigint NOT NULL,
  discount bigint NOT NULL,
  tip bigint NOT NULL,
  processing_fee bigint NOT NULL,
  total bigint NOT NULL,
  status text NOT NULL DEFAULT 'open', -- 'open' | 'requires_action' | 'paid'
  order_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkouts_abandoned ON checkouts (seller_id, created_at DESC) WHERE status <> 'paid';

-- Human-readable order numbers: PL100001, PL100002, ... unique across the platform.
CREATE SEQUENCE order_number_seq START 100001;

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE SET NULL,
  -- Idempotency: a checkout becomes at most one order.
  checkout_id uuid UNIQUE REFERENCES checkouts(id) ON DELETE SET NULL,
  order_number text NOT NULL UNIQUE,
  order_type text NOT NULL DEFAULT 'regular',
  status text NOT NULL DEFAULT 'pending',
  payment_status text NOT NULL DEFAULT 'unpaid',
  fulfillment_status text NOT NULL DEFAULT 'unfulfilled',
  email text NOT NULL,
  customer_name text,
  shipping_address jsonb NOT NULL,
  address_invalid boolean NOT NULL DEFAULT false,
  currency text NOT NULL,
  subtotal bigint NOT NULL,
  shipping bigint NOT NULL,
  discount bigint NOT NULL,
  tip bigint NOT NULL,
  processing_fee bigint NOT NULL,
  total bigint NOT NULL,
  coupon_code text,
  payment_gateway text,
  payment_reference text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_seller ON orders (seller_id, id DESC);
CREATE INDEX orders_email ON orders (lower(email));

CREATE TABLE order_items (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
  product_id bigint REFERENCES products(id) ON DELETE SET NULL,
  template_id bigint REFERENCES product_templates(id) ON DELETE SET NULL,
  name text NOT NULL,
  color text NOT NULL,
  size text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  price bigint NOT NULL, -- sell price of one unit
  base_cost bigint NOT NULL, -- production cost of one unit
  status text NOT NULL DEFAULT 'pending'
);
CREATE INDEX order_items_order ON order_items (order_id);
CREATE INDEX order_items_campaign ON order_items (campaign_id);

-- One row per charge a gateway made (the idempotency test counts them).
CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  checkout_id uuid NOT NULL REFERENCES checkouts(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gateway text NOT NULL,
  reference text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL, -- 'paid' | 'declined' | 'requires_action'
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_one_paid ON payments (checkout_id) WHERE status = 'paid';
