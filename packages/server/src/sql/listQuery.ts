/**
 * The pieces every seller list (campaigns, bulk rows, regular bulk jobs) builds its page from:
 * a WHERE clause with numbered parameters, a search pattern, a checked ORDER BY, and the capped count
 * plus page queries.
 */
import { countLimit, LIST_COUNT_CAP } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** `%q%` for ILIKE, with the seller's own `%`, `_` and `\` matched literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** AND-ed conditions with numbered parameters. */
export class Where {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a condition; every `?` in it stands for `value` (one parameter, used as often). */
  add(sql: string, value: unknown): this {
    this.params.push(value);
    this.clauses.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** Adds a condition that takes no parameter of its own. */
  clause(sql: string): this {
    this.clauses.push(sql);
    return this;
  }

  /** A parameter without a condition of its own: answers its `$n` for SQL built around the WHERE. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** The created_at bounds of a list's `time` range (spec §3), when one is asked for. */
  createdIn(column: string, range: { from: string | null; to: string } | null): this {
    if (range?.from) this.add(`${column} >= ?`, range.from);
    if (range) this.add(`${column} <= ?`, range.to);
    return this;
  }

  get sql(): string {
    return this.clauses.join(' AND ');
  }
}

/**
 * `order_by` as `field:asc|desc`: a field outside `columns` sorts by id, anything but `asc` is
 * descending; `id` breaks ties so pages never overlap.
 */
export function orderBy(orderBy: string, columns: ReadonlySet<string>, alias = ''): string {
  const [field = 'id', direction = 'desc'] = orderBy.split(':');
  const column = columns.has(field) ? field : 'id';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return `${alias}${column} ${dir}, ${alias}id ${dir}`;
}

/**
 * One page of matching rows and how many rows match, counted only up to
 * `countLimit(page, per_page) + 1` (`cappedPageInfo` turns that into the page's numbers): an
 * exact `count(*)` reads every matching row, so it grows with the list, while the capped count
 * stops after a bounded number of index entries.
 */
export async function selectPage<Row>(
  db: Queryable,
  sql: { from: string; select: string; orderBy: string },
  where: Where,
  page: { page: number; per_page: number },
): Promise<{ rows: Row[]; counted: number }> {
  const { params } = where;
  // Sent together: on Postgres the pool runs them on two connections at once, so the request
  // waits for the slower of the two rather than their sum; PGlite runs them one after the other.
  const [[count], rows] = await Promise.all([
    db.query<{ counted: number }>(
      `SELECT count(*)::int AS counted
       FROM (SELECT 1 FROM ${sql.from} WHERE ${where.sql} LIMIT $${params.length + 1}) capped`,
      [...params, countLimit(page.page, page.per_page) + 1],
    ),
    db.query<Row>(
      `${sql.select} WHERE ${where.sql} ORDER BY ${sql.orderBy}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.per_page, (page.page - 1) * page.per_page],
    ),
  ]);
  return { rows, counted: count?.counted ?? 0 };
}

/**
 * `selectPage` in one statement that reads the page's ids first: the capped count and the page's
 * ids walk the list's index in its sort order (an index that carries the filter columns answers
 * both without reading the table for the rows it skips), then only the page's own rows are read
 * with `select` (a SELECT ... FROM without WHERE; `id` names its id column). `outerOrderBy` is
 * the sort on the columns `select` answers (alias `l`). `ctes` go first (`name AS (...),`).
 */
export async function selectPageByIds<Row>(
  db: Queryable,
  sql: {
    from: string;
    id: string;
    select: string;
    orderBy: string;
    outerOrderBy: string;
    ctes?: string;
  },
  where: Where,
  page: { page: number; per_page: number },
  cap = LIST_COUNT_CAP,
): Promise<{ rows: Row[]; counted: number }> {
  const limit = where.param(countLimit(page.page, page.per_page, cap) + 1);
  const take = where.param(page.per_page);
  const skip = where.param((page.page - 1) * page.per_page);
  const found = await db.query<Row & { counted: number; page_row: boolean | null }>(
    `WITH ${sql.ctes ?? ''}
     counted AS (
       SELECT count(*)::int AS counted FROM (
         SELECT 1 FROM ${sql.from} WHERE ${where.sql} ORDER BY ${sql.orderBy} LIMIT ${limit}) capped),
     page AS (
       SELECT ${sql.id} AS id FROM ${sql.from} WHERE ${where.sql}
       ORDER BY ${sql.orderBy} LIMIT ${take} OFFSET ${skip})
     SELECT counted.counted, l.* FROM counted LEFT JOIN (
       SELECT true AS page_row, r.* FROM (${sql.select} WHERE ${sql.id} IN (SELECT id FROM page)) r
     ) l ON true
     ORDER BY ${sql.outerOrderBy}`,
    where.params,
  );
  const rows = found
    .filter((row) => row.page_row)
    .map(({ counted: _, page_row: __, ...row }) => row);
  return { rows: rows as Row[], counted: found[0]?.counted ?? 0 };
}
