-- Custom domains of stores (issue 12, spec §2 /domains). A domain belongs to one store across
-- the platform. It is verified when its TXT record `_printloom.{hostname}` holds
-- `printloom-verification={verification_token}`; a verified domain serves its store (matched on
-- the Host header) and one per store may be primary (the store's base_url).
CREATE TABLE store_domains (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  hostname text NOT NULL UNIQUE,
  verification_token text NOT NULL,
  verified_at timestamptz,
  last_checked_at timestamptz,
  last_error text,
  cname_ok boolean,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_domains_seller ON store_domains (seller_id, id DESC);
CREATE UNIQUE INDEX store_domains_one_primary ON store_domains (store_id) WHERE is_primary;

-- Payment gateway accounts of custom_payment sellers (issue 12, spec §2
-- /settings/payment-gateways): the seller's own Stripe credentials, sealed with
-- AES-256-GCM (createSecretBox) in `credentials`; `public_hint` keeps what may be shown (the
-- publishable key, the last characters of a secret). A store charges through the
-- account named in `stores.payment_gateway_id`, else the built-in test gateway.
CREATE TABLE payment_gateways (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe')),
  name text NOT NULL,
  mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('test', 'live')),
  credentials text NOT NULL,
  public_hint jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_gateways_seller ON payment_gateways (seller_id, id);
ALTER TABLE stores ADD COLUMN payment_gateway_id bigint REFERENCES payment_gateways(id) ON DELETE SET NULL;
