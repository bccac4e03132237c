-- Regular jobs count the times they are handed out, as bulk rows do (attempts, sql/lease.ts):
-- a job or row whose artwork cannot be rendered is failed after BULK_ROW_MAX_ATTEMPTS claims
-- instead of going round the workers forever. Rows waiting for a worker start afresh (their
-- old counts kept growing while nothing capped them); a retry or start resets the count too.
ALTER TABLE bulk_regular_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
UPDATE bulk_rows SET attempts = 0 WHERE status IN ('pending', 'stopped');
