-- Order mails (issue 15): the buyer's order confirmation when an order is paid and a shipping
-- mail per shipment, through the store's email gateway. One row per order and event, made in the
-- transaction of the order change with the job that sends it; the unique key makes a repeated
-- event (a retried payment callback, a replayed shipment) mail nobody twice. sent_at is set when
-- the job takes the row, before the mail goes, so a crash loses a mail rather than doubling it
-- (the outbox row then shows it unsent).
CREATE TABLE order_mails (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL, -- 'confirmation' | 'shipped'
  shipment_id bigint,
  mail_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX order_mails_order ON order_mails (order_id);

-- Senders verified by a link mailed to the address (spec §4): when the last link was mailed
-- and how the sender was verified ('link' or 'dns').
ALTER TABLE email_senders ADD COLUMN link_sent_at timestamptz;
ALTER TABLE email_senders ADD COLUMN verified_at timestamptz;
ALTER TABLE email_senders ADD COLUMN verified_by text;
