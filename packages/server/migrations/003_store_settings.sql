-- Store-level settings (spec §3 Store-level state, §7): Klaviyo, coupons, email senders.
CREATE TABLE klaviyo_settings (
  store_id bigint PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  private_key text NOT NULL,
  list_id text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text
);

ALTER TABLE stores ADD COLUMN coupon_id bigint REFERENCES coupons(id) ON DELETE SET NULL;

-- A sender is verified once its store's domain publishes the TXT record printloom-verify=<token>.
CREATE TABLE email_senders (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_domain_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  username text NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  verify_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
