import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from './createPgliteDb.js';
import type { Db } from './Db.js';
import { PGLITE_MEMORY } from './pgliteMemory.js';

describe('PGlite memory settings', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createPgliteDb();
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it("opens Postgres with the server's cache and work memory, not PGlite's 128 MB cache", async () => {
    const show = async (name: string) =>
      Object.values((await db.query<Record<string, string>>(`SHOW ${name}`))[0] ?? {})[0];
    expect(await show('shared_buffers')).toBe(PGLITE_MEMORY.sharedBuffers);
    expect(await show('work_mem')).toBe(PGLITE_MEMORY.workMem);
    expect(await show('maintenance_work_mem')).toBe(PGLITE_MEMORY.maintenanceWorkMem);
    expect(await show('temp_buffers')).toBe(PGLITE_MEMORY.tempBuffers);
    // PGlite's own start parameters are kept (single user, no parallel workers).
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
  });
});
