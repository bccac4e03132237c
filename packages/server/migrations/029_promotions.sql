-- Promotions (issue 14): the coupons table of the §7 coupon picker gains the rules of a
-- promotion, so the picker, the store's coupon config and the checkout read the same rows.
-- Amounts are integer minor units of the store currency; `value` is a percent for percent
-- and bogo, an amount for fixed, unused for free_shipping (core promotion/promotions.ts).
ALTER TABLE coupons
  ADD COLUMN type text NOT NULL DEFAULT 'percent'
    CHECK (type IN ('percent', 'fixed', 'free_shipping', 'bogo')),
  ADD COLUMN value bigint NOT NULL DEFAULT 0 CHECK (value >= 0),
  ADD COLUMN buy_quantity integer CHECK (buy_quantity > 0),
  ADD COLUMN get_quantity integer CHECK (get_quantity > 0),
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN ends_at timestamptz,
  ADD COLUMN usage_limit integer CHECK (usage_limit > 0),
  ADD COLUMN per_buyer_limit integer CHECK (per_buyer_limit > 0),
  ADD COLUMN min_subtotal bigint CHECK (min_subtotal >= 0),
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- A code is unique in its store whatever its case (seller-wide coupons count as store 0).
CREATE UNIQUE INDEX coupons_store_code ON coupons (seller_id, COALESCE(store_id, 0), lower(code));

-- The campaigns and collections a promotion is limited to (none: every campaign).
CREATE TABLE promotion_campaigns (
  promotion_id bigint NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  PRIMARY KEY (promotion_id, campaign_id)
);
CREATE INDEX promotion_campaigns_campaign ON promotion_campaigns (campaign_id);

CREATE TABLE promotion_collections (
  promotion_id bigint NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  PRIMARY KEY (promotion_id, collection_id)
);

-- Which promotion a checkout and its order used: uses are counted from paid orders by it, and
-- a deleted promotion leaves the order its code and discount.
ALTER TABLE checkouts ADD COLUMN promotion_id bigint REFERENCES coupons(id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN promotion_id bigint REFERENCES coupons(id) ON DELETE SET NULL;
CREATE INDEX orders_promotion ON orders (promotion_id, lower(email)) WHERE promotion_id IS NOT NULL;

-- Bulk price changes (issue 14, /pricing): one row per product whose price a change moved,
-- grouped by batch, with the real actor (a team member or an admin acting for the seller).
CREATE TABLE price_changes (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
  batch_id uuid NOT NULL,
  campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
  product_id bigint REFERENCES products(id) ON DELETE SET NULL,
  campaign_name text,
  product_name text,
  mode text NOT NULL CHECK (mode IN ('adjust_price', 'fixed_price', 'custom_price')),
  before_price bigint NOT NULL,
  after_price bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_changes_seller ON price_changes (seller_id, id DESC);
CREATE INDEX price_changes_campaign ON price_changes (seller_id, campaign_id, id DESC);
