-- Campaigns made by bulk saves stored their designs and mockups as bare blob keys
-- ("s12/bulk/ab12cd.png"), which the dashboard cannot show. Since this release the saves store
-- addresses like the editor does; this turns the keys already saved into the API's file address
-- ("/files/s12/bulk/ab12cd.png"), which the server also answers on S3 installs (by redirecting
-- to the bucket). A value with a scheme or a leading slash is already an address and is kept.
UPDATE designs d SET file_url = '/files/' || d.file_url
FROM campaigns c
WHERE c.id = d.campaign_id AND c.bulk_source IS NOT NULL
  AND d.file_url <> '' AND d.file_url !~ '^([A-Za-z][A-Za-z0-9+.-]*:|/)';

UPDATE mockups m SET file_url = '/files/' || m.file_url
FROM campaigns c
WHERE c.id = m.campaign_id AND c.bulk_source IS NOT NULL
  AND m.file_url <> '' AND m.file_url !~ '^([A-Za-z][A-Za-z0-9+.-]*:|/)';

UPDATE campaigns SET thumb_url = '/files/' || thumb_url
WHERE bulk_source IS NOT NULL
  AND thumb_url <> '' AND thumb_url !~ '^([A-Za-z][A-Za-z0-9+.-]*:|/)';

UPDATE campaigns SET artwork_url = '/files/' || artwork_url
WHERE bulk_source IS NOT NULL
  AND artwork_url <> '' AND artwork_url !~ '^([A-Za-z][A-Za-z0-9+.-]*:|/)';

-- Regular bulk saves did not point products at their default mockup nor give the campaign a
-- thumbnail: do it for the campaigns saved so far.
UPDATE products p SET default_mockup_id = (
  SELECT m.id FROM mockups m WHERE m.product_id = p.id AND m.is_default ORDER BY m.id LIMIT 1
)
FROM campaigns c
WHERE c.id = p.campaign_id AND c.bulk_source LIKE 'bulk_regular:%' AND p.default_mockup_id IS NULL
  AND EXISTS (SELECT 1 FROM mockups m WHERE m.product_id = p.id AND m.is_default);

UPDATE campaigns c SET thumb_url = (
  SELECT m.file_url FROM mockups m WHERE m.campaign_id = c.id AND m.is_default ORDER BY m.id LIMIT 1
)
WHERE c.bulk_source LIKE 'bulk_regular:%'
  AND EXISTS (SELECT 1 FROM mockups m WHERE m.campaign_id = c.id AND m.is_default);
