-- Team, account and general settings (issue 15).
-- A team member may be limited to some of the seller's stores; null is every store.
ALTER TABLE authorized_accounts ADD COLUMN store_ids bigint[];
ALTER TABLE authorized_accounts ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
-- An invitation by email: the link's token is stored only as its SHA-256. Pending while neither
-- accepted nor revoked and not expired; resending gives a new token and a new expiry.
CREATE TABLE team_invitations (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invited_by bigint REFERENCES users(id) ON DELETE SET NULL,
  email text NOT NULL,
  role text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  store_ids bigint[],
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by bigint REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_invitations_seller ON team_invitations (seller_id, id DESC);
-- The seller's display currency (general settings); utc_offset already exists.
ALTER TABLE users ADD COLUMN currency text NOT NULL DEFAULT 'USD';
-- A requested change of email waits for the link sent to the new address.
ALTER TABLE user_tokens ADD COLUMN new_email text;
-- Two-factor recovery codes: each works once, stored only as its SHA-256.
CREATE TABLE tfa_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tfa_recovery_codes_user ON tfa_recovery_codes (user_id)
