-- Facebook's Data Deletion Request Callback (social sign-in, migration 048): one row per request
-- Facebook sent, looked up by its confirmation code from the status page the person opens. The
-- Facebook user id is kept only as a SHA-256 hash (the request erased what we held of it).
CREATE TABLE social_deletion_requests (
  id bigserial PRIMARY KEY,
  confirmation_code text NOT NULL UNIQUE,
  provider text NOT NULL CHECK (provider IN ('facebook')),
  subject_hash text NOT NULL,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  identities_removed integer NOT NULL CHECK (identities_removed >= 0),
  link_requests_removed integer NOT NULL CHECK (link_requests_removed >= 0),
  status text NOT NULL CHECK (status IN ('completed')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
