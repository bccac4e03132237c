-- A real product line: product templates get variants (size x colour, each with its own base
-- cost in cents, weight and SKU), a shipping profile with one rate per scope (country code,
-- Europe '150' or worldwide '*'), a description format and a size chart; campaigns get their
-- niche (spec §3 product categories). Print spaces stay the ordered list in
-- product_templates.print_spaces (front, back, sleeve...), which products copy as they are made.
CREATE TABLE template_variants (
  id bigserial PRIMARY KEY,
  template_id bigint NOT NULL REFERENCES product_templates(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  size text NOT NULL,
  color_name text NOT NULL,
  color_hex text NOT NULL,
  base_cost integer NOT NULL CHECK (base_cost >= 0),
  weight_grams integer NOT NULL DEFAULT 0 CHECK (weight_grams >= 0),
  sku text NOT NULL UNIQUE,
  UNIQUE (template_id, size, color_name)
);
CREATE INDEX template_variants_template ON template_variants (template_id, position, id);

CREATE TABLE shipping_profiles (
  id bigserial PRIMARY KEY,
  template_id bigint NOT NULL UNIQUE REFERENCES product_templates(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT 'Standard',
  currency text NOT NULL DEFAULT 'USD'
);

CREATE TABLE shipping_rates (
  profile_id bigint NOT NULL REFERENCES shipping_profiles(id) ON DELETE CASCADE,
  scope text NOT NULL,
  first_item integer NOT NULL CHECK (first_item >= 0),
  additional_item integer NOT NULL CHECK (additional_item >= 0),
  PRIMARY KEY (profile_id, scope)
);

ALTER TABLE product_templates ADD COLUMN description_format text NOT NULL DEFAULT 'text';
ALTER TABLE product_templates ADD COLUMN size_chart jsonb;

ALTER TABLE campaigns ADD COLUMN niche text;
CREATE INDEX campaigns_seller_niche ON campaigns (seller_id, niche) WHERE niche IS NOT NULL;

-- Existing templates: one variant per colour ('One size'), at the template's base cost; a
-- template without colours gets one white variant.
INSERT INTO template_variants (template_id, position, size, color_name, color_hex, base_cost, sku)
SELECT t.id, c.ord::integer, 'One size', c.name,
  COALESCE(
    (SELECT h->>'hex_code' FROM jsonb_array_elements(t.colors) AS h WHERE h->>'name' = c.name LIMIT 1),
    '#FFFFFF'),
  round(t.base_cost * 100)::integer,
  'T' || t.id || '-' || upper(regexp_replace(c.name, '[^A-Za-z0-9]+', '', 'g')) || '-' || c.ord || '-OS'
FROM product_templates t
CROSS JOIN LATERAL jsonb_array_elements_text(t.options->'color') WITH ORDINALITY AS c(name, ord);

INSERT INTO template_variants (template_id, position, size, color_name, color_hex, base_cost, sku)
SELECT t.id, 1, 'One size', 'White', '#FFFFFF', round(t.base_cost * 100)::integer, 'T' || t.id || '-WHITE-OS'
FROM product_templates t
WHERE NOT EXISTS (SELECT 1 FROM template_variants v WHERE v.template_id = t.id);

UPDATE product_templates SET options = options || '{"size":["One size"]}'::jsonb
WHERE NOT (options ? 'size');

-- Existing templates ship at the standard rates until the catalogue sets their own.
INSERT INTO shipping_profiles (template_id) SELECT id FROM product_templates;
INSERT INTO shipping_rates (profile_id, scope, first_item, additional_item)
SELECT p.id, r.scope, r.first_item, r.additional_item
FROM shipping_profiles p
CROSS JOIN (VALUES ('US', 475, 200), ('CA', 799, 300), ('150', 899, 300), ('*', 1199, 400))
  AS r(scope, first_item, additional_item);
