-- Referral program (issue 14, /referral). A seller's code is given on first use and never
-- changes; a seller who signed up with `?ref=CODE` keeps the referrer in ref_id (the spec's
-- `ref_id`; `is_ref` is derived from it). Commissions are ledger entries of type 'commission'
-- in the referrer's ledger with the referred order's id (keys in core referral/referral.ts),
-- so the program reads the ledger and the orders and keeps no figures of its own.
ALTER TABLE users ADD COLUMN referral_code text;
ALTER TABLE users ADD COLUMN ref_id bigint REFERENCES users(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX users_referral_code ON users (referral_code) WHERE referral_code IS NOT NULL;
CREATE INDEX users_ref ON users (ref_id, created_at) WHERE ref_id IS NOT NULL;

-- Calendar (issue 16, /calendar): when a campaign was first launched (set by the launch verb,
-- kept through deactivations). Campaigns that went live before this column, or were created
-- live by a bulk job, show their creation day (the calendar reads COALESCE with created_at).
ALTER TABLE campaigns ADD COLUMN launched_at timestamptz;
CREATE INDEX campaigns_launched ON campaigns (seller_id, launched_at) WHERE launched_at IS NOT NULL;
