-- Email marketing campaigns (issue 15).
-- A subscriber who unsubscribed keeps their row (so an import does not bring them back) and
-- receives no campaign.
ALTER TABLE subscribers ADD COLUMN unsubscribed_at timestamptz;

-- A store's email-marketing settings: the default sender of new campaigns and the mail footer.
CREATE TABLE email_marketing_settings (
  store_id bigint PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  default_sender_id bigint REFERENCES email_senders(id) ON DELETE SET NULL,
  footer_address text NOT NULL DEFAULT '',
  unsubscribe_text text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- status: draft | scheduled | sending | sent. blocks and audience are checked by core's schemas.
CREATE TABLE email_campaigns (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  sender_id bigint REFERENCES email_senders(id) ON DELETE SET NULL,
  name text NOT NULL,
  subject text NOT NULL,
  preheader text NOT NULL DEFAULT '',
  blocks jsonb NOT NULL,
  audience jsonb NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  send_at timestamptz,
  started_at timestamptz,
  materialized_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_campaigns_seller ON email_campaigns (seller_id, id DESC);
CREATE INDEX email_campaigns_due ON email_campaigns (status, send_at);

-- One row per subscriber a campaign goes to. status: pending → sending (claimed, claimed_at)
-- → sent | failed. A row is claimed once and never put back to pending, so nobody gets the mail
-- twice; a claim left by a stopped server is failed as interrupted.
CREATE TABLE email_campaign_recipients (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES email_campaigns(id) ON DELETE CASCADE,
  subscriber_id bigint REFERENCES subscribers(id) ON DELETE SET NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  claimed_at timestamptz,
  sent_at timestamptz,
  error text,
  message_id text,
  opened_at timestamptz,
  clicked_at timestamptz,
  unsubscribed_at timestamptz,
  UNIQUE (campaign_id, subscriber_id)
);
CREATE INDEX email_campaign_recipients_queue ON email_campaign_recipients (campaign_id, status, id);
