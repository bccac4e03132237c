-- A new order adds itself to its buyer's rows instead of re-reading the buyer's whole history.
--
-- 054 re-read customer_totals for every order written, so a buyer's n-th order read n orders:
-- loading 10,000 orders of one buyer read about 50 million rows. An insert now updates the
-- buyer's rows in place with one upsert per scope (all stores, and the order's store), which the
-- row lock of ON CONFLICT serialises between transactions exactly as the placeholder lock of
-- customers_refresh did. The result is the rule of customer_totals unchanged: the count grows by
-- one, total_spent by the order's total when its payment counts as spent, first and last dates
-- widen, and the name, country and last order follow the order when it is the newest by
-- (created_at, id), the order the view sorts by. Updates and deletes, which may take an order out
-- of a buyer or move the newest one, still re-read the buyer through customers_refresh.

CREATE FUNCTION customers_add_order(p_scope bigint, o orders) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customers AS c (seller_id, store_scope, email, currency, name, country,
    orders_count, total_spent, first_order_at, last_order_at, last_order_id)
  VALUES (o.seller_id, p_scope, lower(o.email), o.currency, o.customer_name,
    o.shipping_address->>'country', 1,
    CASE WHEN order_counts_as_spent(o.payment_status) THEN o.total ELSE 0 END,
    o.created_at, o.created_at, o.id)
  ON CONFLICT (seller_id, store_scope, email, currency) DO UPDATE SET
    orders_count = c.orders_count + 1,
    total_spent = c.total_spent + EXCLUDED.total_spent,
    first_order_at = least(c.first_order_at, EXCLUDED.first_order_at),
    last_order_at = greatest(c.last_order_at, EXCLUDED.last_order_at),
    name = CASE WHEN (EXCLUDED.last_order_at, EXCLUDED.last_order_id)
        > (c.last_order_at, c.last_order_id) THEN EXCLUDED.name ELSE c.name END,
    country = CASE WHEN (EXCLUDED.last_order_at, EXCLUDED.last_order_id)
        > (c.last_order_at, c.last_order_id) THEN EXCLUDED.country ELSE c.country END,
    last_order_id = CASE WHEN (EXCLUDED.last_order_at, EXCLUDED.last_order_id)
        > (c.last_order_at, c.last_order_id) THEN EXCLUDED.last_order_id ELSE c.last_order_id END;
END
$$;

CREATE OR REPLACE FUNCTION customers_track_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'deleted' THEN
      PERFORM customers_add_order(0, NEW);
      IF NEW.store_id IS NOT NULL THEN
        PERFORM customers_add_order(NEW.store_id, NEW);
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  PERFORM customers_refresh(OLD.seller_id, 0, lower(OLD.email), OLD.currency);
  IF OLD.store_id IS NOT NULL THEN
    PERFORM customers_refresh(OLD.seller_id, OLD.store_id, lower(OLD.email), OLD.currency);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.seller_id, lower(NEW.email), NEW.currency)
        IS DISTINCT FROM (OLD.seller_id, lower(OLD.email), OLD.currency) THEN
      PERFORM customers_refresh(NEW.seller_id, 0, lower(NEW.email), NEW.currency);
    END IF;
    IF NEW.store_id IS NOT NULL AND (NEW.seller_id, NEW.store_id, lower(NEW.email), NEW.currency)
        IS DISTINCT FROM (OLD.seller_id, OLD.store_id, lower(OLD.email), OLD.currency) THEN
      PERFORM customers_refresh(NEW.seller_id, NEW.store_id, lower(NEW.email), NEW.currency);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
