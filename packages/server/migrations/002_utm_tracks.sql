-- Campaign clicks and submits from UTM links (spec §4 Tracking, §7 utm-campaign/track).
CREATE TABLE utm_tracks (
  id bigserial PRIMARY KEY,
  seller_id bigint REFERENCES users(id) ON DELETE CASCADE,
  utm_campaign text NOT NULL,
  action text NOT NULL,
  campaign_id bigint,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX utm_tracks_campaign ON utm_tracks (utm_campaign, action);
