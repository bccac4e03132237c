-- A storefront product page finds its campaign by slug (`/s/{store}/products/{slug}`). The only
-- index on campaigns.slug was the trigram one of the campaign list search (004): it answers an
-- equality too, but slugs share most of their trigrams, so at 100,000 campaigns one lookup read
-- posting lists of the whole table (about 300 ms; bench/storefront.js). A plain b-tree finds it
-- in a few pages. Slugs are unique per seller only, so the index is not unique.
CREATE INDEX campaigns_slug ON campaigns (slug) WHERE deleted_at IS NULL;

-- A collection's cards in its featured order (featured ones by position, then the rest by
-- position; the store home shows each featured collection's first 8): walked from this index and
-- stopped at the page, instead of joining every listed campaign of the store first (about 1 s at
-- 100,000 campaigns on the loaded bench machine, against a few index pages). The expression is
-- the one `storeCampaignCards` sorts by.
CREATE INDEX collection_campaigns_featured_order ON collection_campaigns
  (collection_id, (CASE WHEN featured THEN position ELSE 100000 + position END), campaign_id DESC);
