import type { Queryable } from '../db/Db.js';

/** Search keywords (migration 031): per store, keyword and UTC day, counted by each search. */

/** Counts one search of `keyword` in the store today (UTC) that found `results` products. */
export async function countSearch(
  db: Queryable,
  store: { id: number; seller_id: number },
  keyword: string,
  results: number,
): Promise<void> {
  await db.query(
    `INSERT INTO search_keywords (store_id, seller_id, keyword, day, searches, zero_result_searches, last_results)
     VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC')::date, 1, $4, $5)
     ON CONFLICT (store_id, keyword, day) DO UPDATE SET
       searches = search_keywords.searches + 1,
       zero_result_searches = search_keywords.zero_result_searches + EXCLUDED.zero_result_searches,
       last_results = EXCLUDED.last_results`,
    [store.id, store.seller_id, keyword, results === 0 ? 1 : 0, results],
  );
}

export interface KeywordRow {
  keyword: string;
  store_id: number;
  store_name: string;
  searches: number;
  zero_result_searches: number;
  last_results: number;
  last_searched: string;
}

const ORDER: Record<string, string> = {
  searches: 'searches DESC, keyword',
  zero_results: 'zero_result_searches DESC, searches DESC, keyword',
  keyword: 'keyword, store_id',
  last_searched: 'last_searched DESC, searches DESC, keyword',
};

/**
 * The seller's keywords summed over the days `fromDay`..`toDay` (YYYY-MM-DD, both included;
 * null: no bound), per store and keyword, with the results of the latest day's search.
 */
export async function listKeywords(
  db: Queryable,
  sellerId: number,
  f: {
    storeId?: number | undefined;
    storeIds: number[] | null;
    q?: string | undefined;
    zeroResults: boolean;
    fromDay: string | null;
    toDay: string | null;
    orderBy: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: KeywordRow[]; total: number }> {
  const rows = await db.query<KeywordRow & { total: number }>(
    `WITH picked AS (
       SELECT k.* FROM search_keywords k
        WHERE k.seller_id = $1
          AND ($2::bigint IS NULL OR k.store_id = $2)
          AND ($3::bigint[] IS NULL OR k.store_id = ANY($3::bigint[]))
          AND ($4::text IS NULL OR k.keyword LIKE '%' || $4 || '%')
          AND ($5::date IS NULL OR k.day >= $5::date)
          AND ($6::date IS NULL OR k.day <= $6::date)
     ), summed AS (
       SELECT store_id, keyword, sum(searches)::int AS searches,
              sum(zero_result_searches)::int AS zero_result_searches,
              max(day) AS last_day
         FROM picked GROUP BY store_id, keyword
     )
     SELECT su.keyword, su.store_id, s.name AS store_name, su.searches, su.zero_result_searches,
            p.last_results, to_char(su.last_day, 'YYYY-MM-DD') AS last_searched,
            count(*) OVER () AS total
       FROM summed su
       JOIN stores s ON s.id = su.store_id
       JOIN picked p ON p.store_id = su.store_id AND p.keyword = su.keyword AND p.day = su.last_day
      WHERE (NOT $7::boolean OR su.zero_result_searches > 0)
      ORDER BY ${ORDER[f.orderBy] ?? ORDER.searches}
      LIMIT $8 OFFSET $9`,
    [
      sellerId,
      f.storeId ?? null,
      f.storeIds,
      f.q ? f.q.replace(/[\\%_]/g, (m) => `\\${m}`) : null,
      f.fromDay,
      f.toDay,
      f.zeroResults,
      f.limit,
      f.offset,
    ],
  );
  return {
    rows: rows.map(({ total: _t, ...row }) => ({ ...row, store_id: Number(row.store_id) })),
    total: Number(rows[0]?.total ?? 0),
  };
}
