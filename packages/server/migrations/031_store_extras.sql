-- Storefront extras (issue 12): product reviews, search keywords, social feeds.

-- A buyer's review of a campaign they bought, proven by an order of the same seller holding
-- it. One review per order and campaign. status: 'pending' | 'published' | 'hidden' (core
-- REVIEW_STATUSES). Text is stored as typed and escaped when shown.
CREATE TABLE product_reviews (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE SET NULL,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  author_name text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  reply text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, campaign_id)
);
CREATE INDEX product_reviews_seller ON product_reviews (seller_id, id DESC);
CREATE INDEX product_reviews_published ON product_reviews (campaign_id, id DESC)
  WHERE status = 'published';

-- Per store: reviews of at least this many stars are published on arrival (no row: never).
CREATE TABLE store_review_settings (
  store_id bigint PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  auto_publish_min_rating smallint CHECK (auto_publish_min_rating BETWEEN 1 AND 5),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What buyers searched: one row per store, normalised keyword and UTC day, counted up by
-- every search. Nothing about the visitor is kept.
CREATE TABLE search_keywords (
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  keyword text NOT NULL,
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_result_searches integer NOT NULL DEFAULT 0,
  last_results integer NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, keyword, day)
);
CREATE INDEX search_keywords_seller_day ON search_keywords (seller_id, day);

-- A product feed of a store for Google Merchant (google_xml) or Facebook/TikTok catalogs
-- (facebook_csv). scope: 'all' (every active campaign of the store), 'collection', 'campaigns'.
-- colors: only variants of these colour names (empty: every colour).
-- token: the unguessable name of its public address.
CREATE TABLE social_feeds (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  format text NOT NULL,
  scope text NOT NULL DEFAULT 'all',
  collection_id bigint REFERENCES collections(id) ON DELETE SET NULL,
  campaign_ids bigint[] NOT NULL DEFAULT '{}',
  colors text[] NOT NULL DEFAULT '{}',
  google_product_category text,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX social_feeds_seller ON social_feeds (seller_id, id DESC);
