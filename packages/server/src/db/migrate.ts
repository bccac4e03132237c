import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './Db.js';

/** packages/server/migrations, from src/db and from dist/db alike. */
const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);

/**
 * Applies numbered `NNN_name.sql` files not applied yet, each in its own transaction, in order.
 * An advisory lock keeps two API replicas starting together from racing. `before` stops ahead
 * of the first file whose name sorts at or after it (tests of a data migration seed old rows).
 */
export async function migrate(db: Db, options: { before?: string } = {}): Promise<string[]> {
  const { before } = options;
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .filter((f) => before === undefined || f < before);
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)');
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * The statements of a migration file: split on `;` outside dollar-quoted bodies (`$$ ... $$`,
 * `$tag$ ... $tag$`), so a file may define functions and triggers. Line comments are dropped
 * first; our migrations hold no `--` or `;` inside quoted strings.
 */
export function splitStatements(sql: string): string[] {
  const text = sql.replace(/--.*$/gm, '');
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        if (end === -1) throw new Error(`Unterminated ${tag} body in a migration`);
        i = end + tag.length;
        continue;
      }
    } else if (char === ';') {
      statements.push(text.slice(start, i));
      start = i + 1;
    }
    i += 1;
  }
  statements.push(text.slice(start));
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
