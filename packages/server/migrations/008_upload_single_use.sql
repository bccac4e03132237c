-- Uploads are reserved when their address is handed out (file_path stays UNIQUE: a short name
-- that is taken gets another, never the same key twice) and used once.
-- put_used_at: a signed PUT to the local store was used; a second one is refused.
-- etag: the bucket object's entity tag when its bytes were accepted; another ETag later means the
--   signed PUT was used again, and the object is refused.
-- used_at: when a request first named the file; anonymous uploads nobody used are swept.
-- client_address: who asked for an anonymous upload address (bytes per address per hour).
ALTER TABLE uploads ADD COLUMN put_used_at timestamptz;
ALTER TABLE uploads ADD COLUMN etag text;
ALTER TABLE uploads ADD COLUMN used_at timestamptz;
ALTER TABLE uploads ADD COLUMN client_address text;
-- Files stored before this release count as used: nothing recorded whether they were.
UPDATE uploads SET used_at = created_at;
CREATE INDEX uploads_by_client_address ON uploads (client_address, created_at) WHERE client_address IS NOT NULL;
CREATE INDEX uploads_public_unused ON uploads (created_at) WHERE used_at IS NULL AND file_path LIKE 's0/public/%';
