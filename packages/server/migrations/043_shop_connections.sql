-- Connected shops (issue 16): a seller's WooCommerce shop or TikTok Shop whose orders are imported
-- as fulfillment orders. credentials_sealed is the JSON credentials (WooCommerce key and secret;
-- TikTok Shop app key, secret and tokens) sealed with AES-256-GCM, bound to the seller and the row
-- id; credentials_masked is the copy the dashboard sees. imported_until is where the next import
-- starts reading (orders modified since then).
CREATE TABLE shop_connections (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  name text NOT NULL,
  shop_key text NOT NULL,
  shop_url text,
  credentials_sealed text NOT NULL DEFAULT '',
  credentials_masked jsonb NOT NULL DEFAULT '{}'::jsonb,
  imported_until timestamptz,
  last_import_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One connection per shop and seller (shop_key: the WooCommerce address or the TikTok shop id).
CREATE UNIQUE INDEX shop_connections_shop ON shop_connections (seller_id, kind, shop_key);

-- The import log: one row per run, skipped orders with their reasons.
CREATE TABLE shop_import_runs (
  id bigserial PRIMARY KEY,
  connection_id bigint NOT NULL REFERENCES shop_connections(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trigger text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  imported integer NOT NULL DEFAULT 0,
  skipped jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text
);
CREATE INDEX shop_import_runs_connection ON shop_import_runs (connection_id, id DESC);

-- TikTok Shop authorisations started and not yet come back: the one-time state of the authorise
-- link (CSRF), the seller who started it and the sealed app key and secret.
CREATE TABLE tts_auth_states (
  state text PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
