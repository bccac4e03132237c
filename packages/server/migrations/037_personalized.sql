-- Personalised products (issue 16): the seller's fonts and clipart groups. Files live in the
-- upload store (file_path is the stored key, file_url the address drawn from); a row removed
-- here leaves its file, since designs saved with it still name its address.
CREATE TABLE seller_fonts (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family text NOT NULL,
  full_name text NOT NULL,
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('ttf', 'otf', 'woff', 'woff2')),
  file_path text NOT NULL,
  file_url text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seller_fonts_list ON seller_fonts (seller_id, id DESC);

CREATE TABLE clipart_groups (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A name is unique per seller whatever its case.
CREATE UNIQUE INDEX clipart_groups_name ON clipart_groups (seller_id, lower(name));

CREATE TABLE cliparts (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES clipart_groups(id) ON DELETE CASCADE,
  name text NOT NULL,
  file_path text NOT NULL,
  file_url text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cliparts_group ON cliparts (group_id, id);
CREATE INDEX cliparts_seller ON cliparts (seller_id);

-- Personalisable designs: a print space of a campaign's design with the layers a buyer fills in
-- (core personalized/artwork.ts: text fields and clipart choices), checked before they are kept.
CREATE TABLE artworks (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  print_space text NOT NULL,
  fields jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, print_space)
);
CREATE INDEX artworks_list ON artworks (seller_id, id DESC);
