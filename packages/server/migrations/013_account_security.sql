-- Account security (issue 11).
-- A TOTP code is accepted once per time-step: the last accepted step of each user.
ALTER TABLE users ADD COLUMN tfa_last_step bigint;
-- A two-factor login challenge ends after a few wrong codes.
ALTER TABLE sessions ADD COLUMN failed_codes integer NOT NULL DEFAULT 0;
-- Failed logins per account (normalised email), for the growing delay and the hard lock.
CREATE TABLE account_login_failures (
  account text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);
-- A cross-domain sign-in token is bound to the nonce the receiving dashboard set.
ALTER TABLE user_tokens ADD COLUMN nonce_hash text;
