-- An order's timeline, append-only: rows are added, never changed (updates are ignored).
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL, -- 'created', 'paid', 'address_invalid', later ones by the orders side
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order ON order_events (order_id, id);
CREATE RULE order_events_append_only AS ON UPDATE TO order_events DO INSTEAD NOTHING;

-- Storefront tracking (spec §4): product page visits and checkouts per campaign, store and day.
CREATE TABLE storefront_tracks (
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  visits integer NOT NULL DEFAULT 0,
  checkouts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, store_id, day)
);
CREATE INDEX storefront_tracks_seller ON storefront_tracks (seller_id, day);
