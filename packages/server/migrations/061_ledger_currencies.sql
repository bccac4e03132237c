-- Money booked in another currency (issue 14). Balances are one currency (USD): an amount earned
-- in a store's own currency is converted when it is booked, at the platform's rate of that moment
-- (setting PRINTLOOM_EXCHANGE_RATES), and the entry keeps what it was converted from. All three
-- are set together or not at all; the entries before this migration were booked in USD.
ALTER TABLE ledger_entries
  ADD COLUMN original_amount bigint,
  ADD COLUMN original_currency text,
  ADD COLUMN exchange_rate numeric(20, 10),
  ADD CONSTRAINT ledger_original_whole CHECK (
    (original_amount IS NULL AND original_currency IS NULL AND exchange_rate IS NULL)
    OR (original_amount IS NOT NULL AND original_currency ~ '^[A-Z]{3}$' AND exchange_rate > 0));
