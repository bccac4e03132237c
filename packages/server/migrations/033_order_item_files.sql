-- Print files of order items (issue 13): one per item and print space, drawn by the production
-- job from the product's design ('rendered') or uploaded by a designer on SEN Design
-- ('designer'). file_url is the blob store address ('/files/...').
CREATE TABLE order_item_files (
  id bigserial PRIMARY KEY,
  order_item_id bigint NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  print_space text NOT NULL,
  file_url text NOT NULL,
  width integer,
  height integer,
  source text NOT NULL,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX order_item_files_space ON order_item_files (order_item_id, print_space);
CREATE INDEX order_item_files_order ON order_item_files (order_id);

-- SEN Design: the designer working on an item in designing (one at a time) and since when.
ALTER TABLE order_items ADD COLUMN designer_id bigint REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE order_items ADD COLUMN claimed_at timestamptz;
CREATE INDEX order_items_designing ON order_items (seller_id, id) WHERE status = 'designing';
