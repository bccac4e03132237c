-- The orders list's name search at a million orders (issue 13).
--
-- A name now matches when the search text appears in it starting at the beginning of a word
-- ("stone" and "bob st" find "Bob Stone"; "tone" does not). The words of the name are indexed:
-- every search word but the last must be a whole word of the name, the last one its beginning,
-- and the ILIKE on the name keeps the search's order and punctuation. The trigram index listed
-- every order for a word most names share ("Buyer", a common first name) and cost 60-77 ms;
-- this index skips through such a word's entries by the rarer one.
CREATE INDEX orders_customer_name_words ON orders
  USING gin (to_tsvector('simple'::regconfig, COALESCE(customer_name, '')));
DROP INDEX orders_customer_name_trgm;

-- The orders of a seller whose name has the search's words (a `nameWordsQuery`) and contains
-- `pattern` (ILIKE). Its own function so the plan runs without parallel workers: the planner
-- guesses thousands of matches for a word search and starts workers, and starting them took
-- 300-400 ms on a busy machine for a scan of 1 ms.
CREATE FUNCTION order_ids_by_name(p_seller bigint, p_words text, p_pattern text)
  RETURNS SETOF bigint LANGUAGE sql STABLE ROWS 20
  SET max_parallel_workers_per_gather = 0 AS $$
  SELECT o.id FROM orders o
   WHERE o.seller_id = p_seller
     AND to_tsvector('simple'::regconfig, COALESCE(o.customer_name, ''))
       @@ to_tsquery('simple'::regconfig, p_words)
     AND o.customer_name ILIKE p_pattern
$$;
