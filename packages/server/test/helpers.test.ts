import { describe, expect, it } from 'vitest';
import { databaseBackends, POSTGRES_NOT_RUN } from './helpers.js';

describe('database test backends', () => {
  it('run on PGlite and Postgres when DATABASE_URL is set', () => {
    const skipped: string[] = [];
    expect(
      databaseBackends({ DATABASE_URL: 'postgres://db/test' }, (name) => skipped.push(name)),
    ).toEqual(['pglite', 'pg']);
    expect(skipped).toEqual([]);
  });

  it('say that the Postgres half did not run when DATABASE_URL is unset', () => {
    const skipped: string[] = [];
    expect(databaseBackends({}, (name) => skipped.push(name))).toEqual(['pglite']);
    expect(skipped).toEqual(['postgres: not run, DATABASE_URL unset']);
    expect(POSTGRES_NOT_RUN).toBe(skipped[0]);
  });

  it('fail in CI when DATABASE_URL is unset', () => {
    expect(() => databaseBackends({ CI: 'true' }, () => {})).toThrow(
      'CI must run the database tests on PostgreSQL too, but DATABASE_URL is unset',
    );
  });
});
