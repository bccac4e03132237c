-- Bot check (spec §5, §7, §8): solutions already used (each works once, kept until its
-- challenge expires) and failed logins per client address and per account, which decide when
-- a login needs a bot check.
CREATE TABLE bot_check_used (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_used_expires_at ON bot_check_used (expires_at);

CREATE TABLE bot_check_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failed_at timestamptz NOT NULL
);
