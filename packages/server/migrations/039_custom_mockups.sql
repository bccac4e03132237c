-- Custom mockups (spec §3 campaign type `mockup`): a seller's own product photo with the print
-- area marked on it in photo pixels. Mockup campaigns render their design into that area.
CREATE TABLE custom_mockups (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  file_url text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  area_x integer NOT NULL CHECK (area_x >= 0),
  area_y integer NOT NULL CHECK (area_y >= 0),
  area_width integer NOT NULL CHECK (area_width > 0),
  area_height integer NOT NULL CHECK (area_height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (area_x + area_width <= width AND area_y + area_height <= height)
);
CREATE INDEX custom_mockups_seller ON custom_mockups (seller_id, id DESC);
