-- Storefronts (issue 12): a store's identity, branding, menus and the campaigns it lists, and the
-- seller's collections. The buyer-facing storefront reads these tables; packages/server/README.md
-- ("Storefront tables") describes every column.

-- A store's slug names it across the platform ({slug}.{preview or marketplace domain}, /s/{slug}/).
-- Rows made without one (older rows, fixtures) get a random 'store-' slug so the column is never
-- empty; the seller renames it.
ALTER TABLE stores ADD COLUMN slug text NOT NULL
  DEFAULT ('store-' || substr(md5(random()::text || clock_timestamp()::text), 1, 10));
CREATE UNIQUE INDEX stores_slug ON stores (slug);
ALTER TABLE stores ADD COLUMN title text;
ALTER TABLE stores ADD COLUMN logo_bright text;
ALTER TABLE stores ADD COLUMN logo_dark text;
ALTER TABLE stores ADD COLUMN logo_alt text;
ALTER TABLE stores ADD COLUMN favicon text;
ALTER TABLE stores ADD COLUMN primary_color text;
ALTER TABLE stores ADD COLUMN secondary_color text;
ALTER TABLE stores ADD COLUMN background_color text;
ALTER TABLE stores ADD COLUMN contact_email text;
-- {"facebook": url, "instagram": url, "x": url, "pinterest": url, "tiktok": url, "youtube": url}
ALTER TABLE stores ADD COLUMN social_links jsonb NOT NULL DEFAULT '{}';
ALTER TABLE stores ADD COLUMN currency text NOT NULL DEFAULT 'USD';
ALTER TABLE stores ADD COLUMN locale text NOT NULL DEFAULT 'en-US';
-- {"header": [item], "footer": [item], "side_column": [item]}; item =
-- {"label": text, "kind": "page" | "collection" | "url", "target_id": bigint | null, "url": text | null}
ALTER TABLE stores ADD COLUMN menus jsonb NOT NULL
  DEFAULT '{"header": [], "footer": [], "side_column": []}';
ALTER TABLE stores ADD COLUMN archived_at timestamptz;
ALTER TABLE stores ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX stores_seller ON stores (seller_id, id);

-- The campaigns a store lists (a seller's campaign may be listed in any of the seller's stores).
CREATE TABLE store_campaigns (
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, campaign_id)
);
CREATE INDEX store_campaigns_campaign ON store_campaigns (campaign_id);

-- A seller's collections. store_id NULL: shown in every store of the seller; otherwise in that
-- store only. featured: shown on the store home.
CREATE TABLE collections (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  image_url text,
  featured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (seller_id, slug)
);
CREATE INDEX collections_store ON collections (store_id);

-- A collection's campaigns in display order (position 0 first). The featured ones (featured =
-- true) come first, in the order the seller set with PUT /seller/collections/{id}/featured-campaigns.
CREATE TABLE collection_campaigns (
  collection_id bigint NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position integer NOT NULL,
  featured boolean NOT NULL DEFAULT false,
  PRIMARY KEY (collection_id, campaign_id)
);
CREATE INDEX collection_campaigns_order ON collection_campaigns (collection_id, position);
CREATE INDEX collection_campaigns_campaign ON collection_campaigns (campaign_id);
