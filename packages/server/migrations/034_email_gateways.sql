-- Email gateways (issue 15): a seller's own SMTP, Mailgun or SES account for the mail of their
-- stores. credentials_sealed is the JSON credentials sealed with AES-256-GCM (bound to the seller
-- and the row id); credentials_masked is the copy the dashboard sees. store_id null: the gateway
-- of every store without one of its own.
CREATE TABLE email_gateways (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  driver text NOT NULL,
  from_address text NOT NULL,
  credentials_sealed text NOT NULL DEFAULT '',
  credentials_masked jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_test_at timestamptz,
  last_test_ok boolean,
  last_test_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_gateways_seller ON email_gateways (seller_id, store_id)
