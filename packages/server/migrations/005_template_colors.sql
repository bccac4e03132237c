-- Hex codes of a product template's colour names (spec §3 Colour: name, hex_code), so the
-- dashboard can show swatches and draw mockups in the colours the template offers.
ALTER TABLE product_templates ADD COLUMN colors jsonb NOT NULL DEFAULT '[]';
