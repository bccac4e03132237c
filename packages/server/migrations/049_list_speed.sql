-- The orders list and the ledger at a million rows per seller (issues 13, 14, 17).

-- Orders list: each filter index (024) and sort index now carries every other filter column, so
-- a combination of filters (status + type + time range + store, ...) is checked inside the
-- index: the capped count and the page's ids are index-only scans that never visit the table for
-- the rows they skip. Same keys as before, so the indexes an order write maintains stay the same.
DROP INDEX orders_seller_status;
DROP INDEX orders_seller_payment;
DROP INDEX orders_seller_fulfillment;
DROP INDEX orders_seller_type;
DROP INDEX orders_seller_store;
DROP INDEX orders_seller_created;
DROP INDEX orders_seller_total;
DROP INDEX orders_seller;
CREATE INDEX orders_seller ON orders (seller_id, id)
  INCLUDE (status, payment_status, fulfillment_status, order_type, store_id, created_at);
CREATE INDEX orders_seller_status ON orders (seller_id, status, id)
  INCLUDE (payment_status, fulfillment_status, order_type, store_id, created_at);
CREATE INDEX orders_seller_payment ON orders (seller_id, payment_status, id)
  INCLUDE (status, fulfillment_status, order_type, store_id, created_at);
CREATE INDEX orders_seller_fulfillment ON orders (seller_id, fulfillment_status, id)
  INCLUDE (status, payment_status, order_type, store_id, created_at);
CREATE INDEX orders_seller_type ON orders (seller_id, order_type, id)
  INCLUDE (status, payment_status, fulfillment_status, store_id, created_at);
CREATE INDEX orders_seller_store ON orders (seller_id, store_id, id)
  INCLUDE (status, payment_status, fulfillment_status, order_type, created_at);
CREATE INDEX orders_seller_created ON orders (seller_id, created_at, id)
  INCLUDE (status, payment_status, fulfillment_status, order_type, store_id);
CREATE INDEX orders_seller_total ON orders (seller_id, total, id)
  INCLUDE (status, payment_status, fulfillment_status, order_type, store_id, created_at);

-- Transactions list: the list index carries the filter columns (type, status, account, the
-- available_at of the shown status), and the type filter has its own index in list order.
DROP INDEX ledger_entries_list;
CREATE INDEX ledger_entries_list ON ledger_entries (seller_id, created_at DESC, id DESC)
  INCLUDE (type, status, account, available_at);
CREATE INDEX ledger_entries_type ON ledger_entries (seller_id, type, created_at DESC, id DESC)
  INCLUDE (status, account, available_at);

-- The pending balance: the amounts of the entries not on hold, summed per account and per hour
-- of available_at, kept in the transaction of each entry (and of a status change to or from
-- 'on hold'). Pending money = the hours after the current one plus the entries of the current
-- hour still ahead, so a balance reads at most one row per hour of the hold period.
CREATE TABLE ledger_pending_hours (
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account text NOT NULL CHECK (account IN ('default', 'balance_2')),
  hour timestamptz NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, account, hour)
);
INSERT INTO ledger_pending_hours (seller_id, account, hour, amount)
SELECT seller_id, account, date_bin('1 hour', available_at, timestamptz '2000-01-01 00:00:00+00'),
  sum(amount)
FROM ledger_entries WHERE status <> 'on hold' AND available_at > now() - interval '1 hour'
GROUP BY 1, 2, 3;
