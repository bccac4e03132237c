-- API keys: long-lived credentials for automation. Only the SHA-256 of a key is kept (the key is
-- 32 random bytes, so a fast hash is enough: there is nothing to guess); `prefix` is its first
-- characters in clear so a seller can tell keys apart. A key acts as its seller with only
-- `scopes` (permission names). Revoked keys are kept (revoked_at) so the list of what existed
-- stays auditable; they no longer authenticate and no longer show.
CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_seller ON api_keys (seller_id, id DESC) WHERE revoked_at IS NULL;
