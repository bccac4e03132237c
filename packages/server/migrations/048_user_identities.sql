-- Social sign-in (issue 15): Google and Facebook accounts linked to a user. A provider account
-- (provider, subject) belongs to one user; a user links at most one account of each provider.
CREATE TABLE user_identities (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject text NOT NULL,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, subject),
  UNIQUE (user_id, provider)
);

-- Accounts signed up through a provider have no password of their own until they set one
-- (forgot password); unlinking their last provider is refused meanwhile.
ALTER TABLE users ADD COLUMN has_password boolean NOT NULL DEFAULT true;

-- A sign-in started at a provider: its state (stored hashed; the browser holds it in a cookie),
-- the PKCE verifier and the OpenID nonce. Used once, within ten minutes.
CREATE TABLE social_auth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  intent text NOT NULL CHECK (intent IN ('login', 'link')),
  user_id bigint REFERENCES users(id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A provider account whose email belongs to an existing user: linked only once that user gives
-- the password or opens the mailed link.
CREATE TABLE social_link_requests (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  mail_token_hash text UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX social_link_requests_user ON social_link_requests (user_id);
