/**
 * Route handlers keep HTTP concerns only; every statement lives in a `sql/` verb. This scan
 * fails as soon as a route file carries SQL again: a statement keyword in any string or
 * template, or a `.query(` call given a literal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROUTES_DIR = dirname(fileURLToPath(import.meta.url));

// Uppercase on purpose: SQL here is written in capitals, and prose ("select a store", the HTTP
// method DELETE in a doc comment) is not followed by FROM / INTO / SET.
const STATEMENT =
  /\b(?:SELECT\s[\s\S]{0,400}?\bFROM\b|INSERT\s+INTO\b|UPDATE\s+[a-z_][\w.]*(?:\s+\w+)?\s+SET\b|DELETE\s+FROM\b)/;
const LITERAL_QUERY = /\.query\s*(?:<[^()]*?>)?\(\s*[`'"]/;

/** The lines of `source` that carry SQL, with their numbers. */
function sqlLines(source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    // A statement may span lines: look from each line onward a few lines.
    const window = lines.slice(i, i + 6).join('\n');
    const keyword = STATEMENT.exec(window);
    if ((keyword && line.includes(keyword[0].split(/\s/)[0] ?? '')) || LITERAL_QUERY.test(line)) {
      found.push(`${i + 1}: ${line.trim()}`);
    }
  });
  return found;
}

function routeSources(): Array<{ file: string; source: string }> {
  return readdirSync(ROUTES_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ file: name, source: readFileSync(join(ROUTES_DIR, name), 'utf8') }));
}

describe('route files', () => {
  it('are found', () => {
    expect(routeSources().map((r) => r.file)).toContain('shell.ts');
  });

  it('contain no SQL', () => {
    const offenders = routeSources().flatMap(({ file, source }) =>
      sqlLines(source).map((line) => `${file}:${line}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the scan', () => {
  it('finds statements in strings, templates and multi-line queries', () => {
    expect(sqlLines("await db.query('SELECT id FROM stores WHERE id = $1', [id]);")).toHaveLength(
      1,
    );
    expect(
      sqlLines(
        'const rows = await tx.query<{ id: number }>(\n  `INSERT INTO designs (a)\n VALUES ($1)`,\n);',
      ),
    ).not.toEqual([]);
    expect(sqlLines('const Q = `UPDATE bulk_rows r SET status = $2`;')).toHaveLength(1);
    expect(sqlLines('db.query(\n  `DELETE FROM email_senders WHERE id = $1`, [id]);')).not.toEqual(
      [],
    );
    expect(sqlLines('const s = `SELECT n.*, x\n  FROM notifications n`;')).not.toEqual([]);
    expect(sqlLines('await db.query(SQL_CONSTANT, [id]);')).toEqual([]);
  });

  it('leaves prose and HTTP methods alone', () => {
    expect(
      sqlLines(' * - Subscribers: `GET/POST /subscribers`, `DELETE …/:id`; a new one'),
    ).toEqual([]);
    expect(sqlLines("const message = 'Select a store to update its settings';")).toEqual([]);
    expect(sqlLines('await listStores(db, auth.sellerId);')).toEqual([]);
  });
});
