-- Custom prices per size (issue 14): a size of a product may sell at its own price, set through
-- the bulk pricing change `custom_price` with `prices: [{product_id, variant, price}]`; checkout
-- sells that size at it, the product's price covers its other sizes. Minor units, like the
-- record of changes, which now names the size a row changed.
CREATE TABLE product_variant_prices (
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant text NOT NULL CHECK (length(variant) BETWEEN 1 AND 40),
  price bigint NOT NULL CHECK (price > 0),
  PRIMARY KEY (product_id, variant)
);
CREATE INDEX product_variant_prices_seller ON product_variant_prices (seller_id, product_id);
ALTER TABLE price_changes ADD COLUMN variant text;

-- The pending balance reads the hours after the current one (up to one row per hour of the hold
-- period): with the amount in the index those are read from the index alone, not from heap rows
-- scattered by the upsert of every booking (336 rows were 114 heap pages in the 1M-entry bench).
CREATE INDEX ledger_pending_hours_read ON ledger_pending_hours (seller_id, account, hour)
  INCLUDE (amount);
