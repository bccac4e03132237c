-- The money ledger (issue 14). Every movement of a seller's money is one append-only entry in
-- integer minor units (signed: money in is positive). Balances are derived from the entries
-- (core ledger/rules.ts): 'on hold' entries count on hold, entries whose available_at is still
-- ahead count pending, the rest available. Amounts never change; statuses do, and an undo is
-- a new reversing entry. The same event posted twice books once (idempotency_key per seller).
CREATE TABLE payment_accounts (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('bank', 'payoneer', 'pingpong', 'lianlian', 'payoneer_vn')),
  -- The details as JSON sealed with AES-256-GCM (server key, bound to the row's seller and id).
  details_sealed text NOT NULL,
  -- Masked details and label, written when sealed, so lists never open the secrets.
  details_masked jsonb NOT NULL,
  label text NOT NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'valid', 'invalid')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_accounts_seller ON payment_accounts (seller_id, id);

CREATE TABLE payouts (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payment_account_id bigint NOT NULL REFERENCES payment_accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'cancelled')),
  reason text,
  decided_by bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payouts_seller ON payouts (seller_id, id DESC);
-- One open request per seller, whatever races the requests run.
CREATE UNIQUE INDEX payouts_one_open ON payouts (seller_id) WHERE status = 'processing';

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account text NOT NULL DEFAULT 'default' CHECK (account IN ('default', 'balance_2')),
  type text NOT NULL CHECK (type IN ('sale', 'commission', 'fulfill', 'fee', 'refund', 'payout',
    'topup', 'ads_topup', 'cashback', 'admin', 'other')),
  status text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'on hold', 'cancelled')),
  amount bigint NOT NULL,
  currency text NOT NULL,
  description text NOT NULL DEFAULT '',
  idempotency_key text NOT NULL,
  order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
  payout_id bigint REFERENCES payouts(id) ON DELETE SET NULL,
  -- The real person behind the entry (the operator, a team member); null for the platform.
  actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
  -- The available balance of the account once this entry was booked, for the seller's own
  -- spending: written under the seller's lock, and it may not be negative.
  available_after bigint,
  available_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (seller_id, idempotency_key),
  -- Payouts and top-ups only ever come out of money that is there (core NEVER_NEGATIVE_TYPES).
  CONSTRAINT ledger_never_negative CHECK (
    amount >= 0 OR type NOT IN ('payout', 'topup', 'ads_topup')
    OR (available_after IS NOT NULL AND available_after >= 0))
);
CREATE INDEX ledger_entries_list ON ledger_entries (seller_id, created_at DESC, id DESC);
CREATE INDEX ledger_entries_order ON ledger_entries (order_id) WHERE order_id IS NOT NULL;
-- The pending bucket: entries whose available_at is still ahead (a hold period of sales).
CREATE INDEX ledger_entries_pending ON ledger_entries (seller_id, available_at)
  INCLUDE (account, amount, status);
-- The on-hold bucket.
CREATE INDEX ledger_entries_on_hold ON ledger_entries (seller_id) INCLUDE (account, amount)
  WHERE status = 'on hold';

-- The sum of every entry per seller and account, kept in the transaction of each entry (entry
-- amounts never change), so a balance reads one row plus the few pending and held entries:
-- available = total - pending - on_hold. A test sums the entries against it.
CREATE TABLE seller_balances (
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account text NOT NULL CHECK (account IN ('default', 'balance_2')),
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, account)
);

-- The balances that were stored on the user row before the ledger become its opening entries.
INSERT INTO ledger_entries (seller_id, account, type, status, amount, currency, description,
  idempotency_key)
SELECT id, 'default', 'admin', 'completed', round(balance * 100)::bigint, 'USD',
  'Opening balance', 'opening:default'
FROM users WHERE balance <> 0;
INSERT INTO ledger_entries (seller_id, account, type, status, amount, currency, description,
  idempotency_key)
SELECT id, 'balance_2', 'admin', 'completed', round(balance_2 * 100)::bigint, 'USD',
  'Opening balance', 'opening:balance_2'
FROM users WHERE balance_2 <> 0;

INSERT INTO seller_balances (seller_id, account, total)
SELECT seller_id, account, sum(amount) FROM ledger_entries GROUP BY seller_id, account
