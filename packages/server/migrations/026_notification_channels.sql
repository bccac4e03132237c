-- Notification channels (issue 13): where a seller's order events are posted, and every
-- delivery with each of its attempts. Delivery state lives here, so a restart loses nothing:
-- a pending delivery has a background job due at next_attempt_at.
CREATE TABLE notification_channels (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL, -- 'discord' | 'slack' | 'ms_teams' | 'telegram' | 'webhook'
  name text NOT NULL,
  -- Incoming-webhook addresses carry credentials: sealed with the server secret.
  url_sealed text NOT NULL,
  url_hint text NOT NULL,
  chat_id text,
  -- Custom webhooks: the whsec_ signing secret, sealed.
  secret_sealed text,
  events text[] NOT NULL,
  repeat_alert text NOT NULL DEFAULT 'disabled',
  repeat_until timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_channels_seller ON notification_channels (seller_id, id);

CREATE TABLE notification_deliveries (
  id bigserial PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES notification_channels(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The webhook-id of every attempt: a receiver drops repeats by it.
  message_id text NOT NULL UNIQUE,
  event text NOT NULL,
  test boolean NOT NULL DEFAULT false,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending', -- 'pending' | 'delivered' | 'failed'
  -- Attempts made in the current round (a redelivery starts a new round).
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_deliveries_channel ON notification_deliveries (channel_id, id DESC);

CREATE TABLE notification_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES notification_deliveries(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_attempts_delivery ON notification_attempts (delivery_id, id);

-- Public REST API (issue 13): a fulfillment order made through POST /api/v1/orders carries its
-- id in the seller's other channel; the same id never makes a second order. IF NOT EXISTS: the
-- fulfilment import of the orders side keys its rows the same way.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS external_id text;
CREATE UNIQUE INDEX IF NOT EXISTS orders_seller_external_id ON orders (seller_id, external_id)
  WHERE external_id IS NOT NULL;

-- Repeat alerts (spec §3 stop-and-repeat): when each channel last repeated an order's waiting
-- alert (an order on hold), so the sweep repeats it once per interval of the channel's option.
CREATE TABLE notification_repeats (
  channel_id bigint NOT NULL REFERENCES notification_channels(id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (channel_id, order_id)
);
