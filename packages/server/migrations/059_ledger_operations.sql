-- Ledger operations (issue 14): operator holds with their audit, operator adjustments checked
-- like the seller's own spending, and the ledger append-only in the database itself.

-- Every hold and release of an entry, with the operator and the reason: the audit of who held
-- what, and the status a release gives back (the one the entry had before its hold).
CREATE TABLE ledger_holds (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entry_id bigint NOT NULL REFERENCES ledger_entries(id),
  action text NOT NULL CHECK (action IN ('hold', 'release')),
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text NOT NULL,
  actor_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_holds_entry ON ledger_holds (entry_id, id DESC);

-- An operator's debit (type 'admin') may not take the available balance below zero either.
-- NOT VALID: opening balances from before the ledger (027) may be negative admin entries.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_admin_never_negative CHECK (
  amount >= 0 OR type <> 'admin' OR (available_after IS NOT NULL AND available_after >= 0)
) NOT VALID;

-- Append-only: no entry is ever deleted, and an update may only change the status along the
-- transitions of core LEDGER_STATUS_TRANSITIONS (a test checks the two agree), or clear a
-- reference when its order, payout or actor is deleted (ON DELETE SET NULL). The demo seed
-- (demoHistory.ts) moves whole orders into the past; with `printloom.ledger_shift = 'on'` set
-- in its transaction it may move an entry's two dates by the same interval, nothing else.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger entries are append-only: entry % cannot be deleted', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
     OR NEW.seller_id IS DISTINCT FROM OLD.seller_id
     OR NEW.account IS DISTINCT FROM OLD.account
     OR NEW.type IS DISTINCT FROM OLD.type
     OR NEW.amount IS DISTINCT FROM OLD.amount
     OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
     OR NEW.available_after IS DISTINCT FROM OLD.available_after
     OR (NEW.order_id IS DISTINCT FROM OLD.order_id AND NEW.order_id IS NOT NULL)
     OR (NEW.payout_id IS DISTINCT FROM OLD.payout_id AND NEW.payout_id IS NOT NULL)
     OR (NEW.actor_id IS DISTINCT FROM OLD.actor_id AND NEW.actor_id IS NOT NULL) THEN
    RAISE EXCEPTION 'ledger entries are append-only: entry % may only change its status', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.created_at IS DISTINCT FROM OLD.created_at
     OR NEW.available_at IS DISTINCT FROM OLD.available_at THEN
    IF coalesce(current_setting('printloom.ledger_shift', true), '') <> 'on'
       OR NEW.created_at - OLD.created_at IS DISTINCT FROM NEW.available_at - OLD.available_at
       OR NEW.status IS DISTINCT FROM OLD.status THEN
      RAISE EXCEPTION 'ledger entries are append-only: entry % may not change its dates', OLD.id
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('completed', 'cancelled', 'on hold'))
    OR (OLD.status = 'processing' AND NEW.status IN ('completed', 'cancelled'))
    OR (OLD.status = 'completed' AND NEW.status = 'on hold')
    OR (OLD.status = 'on hold' AND NEW.status IN ('pending', 'completed', 'cancelled'))) THEN
    RAISE EXCEPTION 'ledger entry % may not go from % to %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
