-- The overview (issue 16) reads a seller's paid orders by payment time.
CREATE INDEX orders_seller_paid ON orders (seller_id, paid_at) WHERE paid_at IS NOT NULL;
