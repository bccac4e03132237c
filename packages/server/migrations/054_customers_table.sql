-- Customers (issue 13) kept in a table instead of grouped from orders on every read.
--
-- A buyer is the seller's orders of one lower-cased email in one currency (sums in two
-- currencies are never added). Each buyer has one row for all the seller's stores
-- (store_scope 0) and one row per store it ordered in (store_scope = the store id), so a
-- store filter or a session limited to one store reads its own rows. Orders without a store
-- (fulfillment imports) count in the all-stores row only.
--
-- The rule is written once, in the view customer_totals: the backfill below inserts it whole and
-- the trigger on orders re-reads it for the buyers a write touches, in the transaction of that
-- write. A trigger rather than a call in each write path: orders are written by the checkout,
-- the fulfillment import, the public API, the order machine and address corrections, and a store
-- deletion nulls store_id; a trigger catches all of them and any path added later.

CREATE FUNCTION order_counts_as_spent(payment_status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT payment_status IN ('paid', 'partially_paid', 'partially_refunded')
$$;

CREATE VIEW customer_totals AS
SELECT o.seller_id, 0::bigint AS store_scope, lower(o.email) AS email, o.currency,
  (array_agg(o.customer_name ORDER BY o.created_at DESC, o.id DESC))[1] AS name,
  (array_agg(o.shipping_address->>'country' ORDER BY o.created_at DESC, o.id DESC))[1] AS country,
  count(*)::int AS orders_count,
  COALESCE(sum(o.total) FILTER (WHERE order_counts_as_spent(o.payment_status)), 0)::bigint
    AS total_spent,
  min(o.created_at) AS first_order_at, max(o.created_at) AS last_order_at,
  (array_agg(o.id ORDER BY o.created_at DESC, o.id DESC))[1] AS last_order_id
FROM orders o
WHERE o.status <> 'deleted'
GROUP BY o.seller_id, lower(o.email), o.currency
UNION ALL
SELECT o.seller_id, o.store_id, lower(o.email), o.currency,
  (array_agg(o.customer_name ORDER BY o.created_at DESC, o.id DESC))[1],
  (array_agg(o.shipping_address->>'country' ORDER BY o.created_at DESC, o.id DESC))[1],
  count(*)::int,
  COALESCE(sum(o.total) FILTER (WHERE order_counts_as_spent(o.payment_status)), 0)::bigint,
  min(o.created_at), max(o.created_at),
  (array_agg(o.id ORDER BY o.created_at DESC, o.id DESC))[1]
FROM orders o
WHERE o.status <> 'deleted' AND o.store_id IS NOT NULL
GROUP BY o.seller_id, o.store_id, lower(o.email), o.currency;

-- The foreign key is checked at commit: deleting a seller deletes their orders, whose trigger
-- briefly holds a placeholder row of that seller until it finds no orders left.
CREATE TABLE customers (
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  store_scope bigint NOT NULL,
  email text NOT NULL,
  currency text NOT NULL,
  name text,
  country text,
  orders_count integer NOT NULL,
  total_spent bigint NOT NULL,
  first_order_at timestamptz NOT NULL,
  last_order_at timestamptz NOT NULL,
  last_order_id bigint NOT NULL,
  PRIMARY KEY (seller_id, store_scope, email, currency)
);

INSERT INTO customers (seller_id, store_scope, email, currency, name, country, orders_count,
  total_spent, first_order_at, last_order_at, last_order_id)
SELECT seller_id, store_scope, email, currency, name, country, orders_count, total_spent,
  first_order_at, last_order_at, last_order_id
FROM customer_totals;

-- One index per sort offered (email is the primary key's order); the search matches anywhere in
-- the email or the name, as before.
CREATE INDEX customers_last_order ON customers (seller_id, store_scope, last_order_at, email, currency);
CREATE INDEX customers_orders_count ON customers (seller_id, store_scope, orders_count, email, currency);
CREATE INDEX customers_total_spent ON customers (seller_id, store_scope, total_spent, email, currency);
CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_name_trgm ON customers USING gin (name gin_trgm_ops);

-- Re-reads one buyer's totals after a write. The buyer's row is locked first (a placeholder is
-- inserted when there is none), so two transactions writing orders of one buyer take turns, and
-- the second reads the totals with the first one's orders committed (READ COMMITTED takes a new
-- snapshot per statement).
CREATE FUNCTION customers_refresh(p_seller bigint, p_scope bigint, p_email text, p_currency text)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  INSERT INTO customers (seller_id, store_scope, email, currency, orders_count, total_spent,
    first_order_at, last_order_at, last_order_id)
  VALUES (p_seller, p_scope, p_email, p_currency, 0, 0, now(), now(), 0)
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM customers c
    WHERE c.seller_id = p_seller AND c.store_scope = p_scope AND c.email = p_email
      AND c.currency = p_currency
    FOR UPDATE;
  SELECT * INTO t FROM customer_totals v
    WHERE v.seller_id = p_seller AND v.store_scope = p_scope AND v.email = p_email
      AND v.currency = p_currency;
  IF NOT FOUND THEN
    DELETE FROM customers c
      WHERE c.seller_id = p_seller AND c.store_scope = p_scope AND c.email = p_email
        AND c.currency = p_currency;
  ELSE
    UPDATE customers c SET name = t.name, country = t.country, orders_count = t.orders_count,
        total_spent = t.total_spent, first_order_at = t.first_order_at,
        last_order_at = t.last_order_at, last_order_id = t.last_order_id
      WHERE c.seller_id = p_seller AND c.store_scope = p_scope AND c.email = p_email
        AND c.currency = p_currency;
  END IF;
END
$$;

-- The buyers an order write touches: the old buyer (update, delete) and the new one (insert,
-- update), each in all stores and in the order's store.
CREATE FUNCTION customers_track_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM customers_refresh(OLD.seller_id, 0, lower(OLD.email), OLD.currency);
    IF OLD.store_id IS NOT NULL THEN
      PERFORM customers_refresh(OLD.seller_id, OLD.store_id, lower(OLD.email), OLD.currency);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_OP = 'INSERT' OR (NEW.seller_id, lower(NEW.email), NEW.currency)
        IS DISTINCT FROM (OLD.seller_id, lower(OLD.email), OLD.currency) THEN
      PERFORM customers_refresh(NEW.seller_id, 0, lower(NEW.email), NEW.currency);
    END IF;
    IF NEW.store_id IS NOT NULL AND (TG_OP = 'INSERT'
        OR (NEW.seller_id, NEW.store_id, lower(NEW.email), NEW.currency)
          IS DISTINCT FROM (OLD.seller_id, OLD.store_id, lower(OLD.email), OLD.currency)) THEN
      PERFORM customers_refresh(NEW.seller_id, NEW.store_id, lower(NEW.email), NEW.currency);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_customers_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION customers_track_order();

-- Updates that change nothing a customer row shows (fulfillment, most status moves, paid_at...)
-- skip the re-read.
CREATE TRIGGER orders_customers_update AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.store_id, lower(OLD.email), OLD.currency, OLD.customer_name,
      OLD.shipping_address->>'country', OLD.total, order_counts_as_spent(OLD.payment_status),
      OLD.status = 'deleted', OLD.created_at)
    IS DISTINCT FROM (NEW.seller_id, NEW.store_id, lower(NEW.email), NEW.currency,
      NEW.customer_name, NEW.shipping_address->>'country', NEW.total,
      order_counts_as_spent(NEW.payment_status), NEW.status = 'deleted', NEW.created_at))
  EXECUTE FUNCTION customers_track_order();
