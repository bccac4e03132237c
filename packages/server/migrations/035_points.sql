-- SEN points (issue 14): an append-only list of point entries per seller, like the money
-- ledger. The balance is the sum of the entries; balance_after is written under the seller's
-- lock and may never be negative, so spending more than the balance is refused by the database
-- too. The same event posted twice books once (idempotency_key per seller: sale:<order id>,
-- check_in:<local day>, reward:<request key>).
CREATE TABLE point_entries (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sale', 'check_in', 'reward', 'admin')),
  points integer NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  note text NOT NULL DEFAULT '',
  idempotency_key text NOT NULL,
  -- The seller's local day of a check-in (their utc_offset at the time).
  check_in_day date,
  order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
  actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (seller_id, idempotency_key)
);
CREATE INDEX point_entries_list ON point_entries (seller_id, id DESC);
CREATE INDEX point_entries_check_in ON point_entries (seller_id, check_in_day)
  WHERE check_in_day IS NOT NULL;

-- Sales contests created by platform operators; the leaderboard is counted from paid orders.
CREATE TABLE contests (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  prize text NOT NULL,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX contests_period ON contests (starts_at, ends_at);
