-- Email campaigns (issue 15): only the mail in flight when a server dies may be uncertain.
-- A recipient row now goes pending → claimed (by one run, claimed_by) → sending (sending_at,
-- set just before its SMTP call) → sent | failed; a claimed row of a run that is gone goes back
-- to pending when the next run starts, and a row left sending by a dead run becomes uncertain
-- (never sent again: it may have been delivered).
ALTER TABLE email_campaign_recipients ADD COLUMN claimed_by text;
ALTER TABLE email_campaign_recipients ADD COLUMN sending_at timestamptz;
-- Rows an older release left claimed as 'sending' may or may not have gone out.
UPDATE email_campaign_recipients SET status = 'uncertain',
  error = 'Interrupted while sending, perhaps delivered, so not sent again'
  WHERE status = 'sending';

-- Where a subscriber came from: 'import' (CSV, API, Klaviyo) or 'checkout' (a buyer who ticked
-- "Email me news and offers"). A checkout's consent is kept on the checkout.
ALTER TABLE subscribers ADD COLUMN source text NOT NULL DEFAULT 'import';
ALTER TABLE checkouts ADD COLUMN marketing_opt_in boolean NOT NULL DEFAULT false;
