-- Uploads that go straight to an S3-compatible bucket are checked by their bytes when they are
-- used: until then verified_at is NULL and size unknown. put_expires_at is when the signed PUT
-- stops working; an upload checked before that may still be overwritten, so it is checked
-- again once the address has expired.
ALTER TABLE uploads ALTER COLUMN size DROP NOT NULL;
ALTER TABLE uploads ADD COLUMN verified_at timestamptz;
ALTER TABLE uploads ADD COLUMN put_expires_at timestamptz;
UPDATE uploads SET verified_at = created_at;
CREATE INDEX uploads_unsettled ON uploads (put_expires_at) WHERE verified_at IS NULL OR verified_at < put_expires_at;
