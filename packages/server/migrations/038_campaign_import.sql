-- Campaign import (issue 16): where an imported campaign came from (the export's source_id).
-- One live campaign per source and seller, so importing the same file twice makes no duplicates.
ALTER TABLE campaigns ADD COLUMN import_source text;
CREATE UNIQUE INDEX campaigns_import_source ON campaigns (seller_id, import_source)
  WHERE import_source IS NOT NULL AND deleted_at IS NULL;
