-- Combo campaigns (spec §3 campaign type combo): products sold together as one set.
-- bundle_price: the set's price in integer minor units; null until the seller sets it (and for
-- every other campaign type).
ALTER TABLE campaigns ADD COLUMN bundle_price bigint CHECK (bundle_price IS NULL OR bundle_price > 0);

-- The items of one set bought together share a bundle id; each keeps its own product, variant
-- and base cost (print files and fulfilment work per item), and their prices sum to the bundle
-- price times the quantity.
ALTER TABLE order_items ADD COLUMN bundle_id uuid;
CREATE INDEX order_items_bundle ON order_items (bundle_id) WHERE bundle_id IS NOT NULL;
