-- Cross-selling (issue 14, /referral-sales): an owner offers a campaign to other sellers' stores
-- for a commission percent; another seller lists it in a store (a store_campaigns row of that
-- store's seller naming the offer it accepted); each sale books the owner's part and the store
-- seller's commission (cross_sales keeps the figures as booked, so a later change of the offer
-- never changes an order).

-- One row per offer; at most one open offer per campaign. Opting out or changing the percent
-- closes the open offer (withdrawn_at); a new percent opens a new one.
CREATE TABLE cross_sell_offers (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  commission_percent integer NOT NULL CHECK (commission_percent BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz
);
CREATE UNIQUE INDEX cross_sell_offers_open ON cross_sell_offers (campaign_id)
  WHERE withdrawn_at IS NULL;
CREATE INDEX cross_sell_offers_marketplace ON cross_sell_offers (created_at DESC, id DESC)
  WHERE withdrawn_at IS NULL;
CREATE INDEX cross_sell_offers_seller ON cross_sell_offers (seller_id, campaign_id);

-- A store's row of another seller's campaign: seller_id is the store's seller (the row is
-- theirs to remove), offer_id the consent it was listed under. The store's own rows keep NULL.
ALTER TABLE store_campaigns ADD COLUMN offer_id bigint REFERENCES cross_sell_offers(id)
  ON DELETE CASCADE;
CREATE INDEX store_campaigns_offer ON store_campaigns (offer_id) WHERE offer_id IS NOT NULL;

-- The figures of each cross-sold campaign of a paid order, as both ledgers booked them (minor
-- units). The order is the store seller's; the owner reads it here, not in its order list.
CREATE TABLE cross_sales (
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  owner_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint REFERENCES stores(id) ON DELETE SET NULL,
  offer_id bigint NOT NULL REFERENCES cross_sell_offers(id),
  commission_percent integer NOT NULL,
  items integer NOT NULL,
  revenue bigint NOT NULL,
  discount bigint NOT NULL,
  base_cost bigint NOT NULL,
  processing_fee bigint NOT NULL,
  commission bigint NOT NULL,
  owner_amount bigint NOT NULL,
  currency text NOT NULL,
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, campaign_id)
);
CREATE INDEX cross_sales_store_seller ON cross_sales (store_seller_id, paid_at DESC);
CREATE INDEX cross_sales_owner ON cross_sales (owner_id, paid_at DESC);
