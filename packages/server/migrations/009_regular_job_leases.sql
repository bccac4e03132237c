-- Regular bulk jobs take the lease protocol of bulk_rows (sql/lease.ts): a token and an expiry
-- per claim, so an abandoned job returns to the queue and a worker can release one.
ALTER TABLE bulk_regular_jobs ADD COLUMN lease_token text;
ALTER TABLE bulk_regular_jobs ADD COLUMN lease_expires_at timestamptz;
CREATE INDEX bulk_regular_jobs_claim ON bulk_regular_jobs (seller_id, status, id);
