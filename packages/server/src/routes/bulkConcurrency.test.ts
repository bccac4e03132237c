import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

interface Claimed {
  id: number;
  lease_token: string;
  template_campaign: { products: Array<{ id: number; template_mockups: Array<{ id: number }> }> };
}

const WORKERS = 4;

// On real Postgres the workers hold separate pool connections and truly race; PGlite (one
// connection) serialises them, which still checks that no row is handed out twice.
describe.each(BACKENDS)('4 workers claiming from one job on %s', (backend) => {
  const rows = 500;
  let t: TestApp;
  let tokens: string[];
  let sellerId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'fleet@example.test' })).id;
    tokens = [];
    for (let i = 0; i < WORKERS; i += 1) tokens.push(await login(t.app, 'fleet@example.test'));
    const template = await campaignOf(t.app, tokens[0] ?? '', 'Fleet template');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/jobs',
      headers: bearer(tokens[0] ?? ''),
      payload: {
        template_campaign_id: template.id,
        rows: Array.from({ length: rows }, (_, i) => ({
          campaign_name: `Fleet ${i}`,
          designs: [{ new_url: `/files/${i}.png`, print_space: 'front' }],
        })),
      },
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never hands one row to two workers and processes every row exactly once', async () => {
    const seen = new Map<number, number>();
    async function worker(token: string): Promise<void> {
      for (;;) {
        const claimed = body<Claimed[]>(
          await t.app.inject({
            method: 'GET',
            url: '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=5',
            headers: bearer(token),
          }),
        ).data;
        if (claimed.length === 0) return;
        for (const row of claimed) {
          seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
          const product = row.template_campaign.products[0];
          const saved = await t.app.inject({
            method: 'POST',
            url: '/seller/campaign/bulk-v3/save-processed-row',
            headers: bearer(token),
            payload: {
              id: row.id,
              leaseToken: row.lease_token,
              designs: [
                {
                  print_space: 'front',
                  product_id: product?.id,
                  file_url: `/files/o${row.id}.png`,
                  option: 'print',
                },
              ],
              designs3D: [
                {
                  file_url: `/files/m${row.id}.jpg`,
                  mockup_id: product?.template_mockups[0]?.id,
                  product_id: product?.id,
                  print_space: 'front',
                },
              ],
            },
          });
          if (saved.statusCode !== 200) throw new Error(saved.body);
        }
      }
    }
    await Promise.all(tokens.map(worker));
    expect(seen.size).toBe(rows);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    const [stats] = await t.app.db.query<{ completed: number; campaigns: number; sources: number }>(
      `SELECT (SELECT count(*)::int FROM bulk_rows WHERE seller_id = $1 AND status = 'completed') AS completed,
              (SELECT count(*)::int FROM campaigns WHERE seller_id = $1 AND bulk_source LIKE 'bulk_row:%') AS campaigns,
              (SELECT count(DISTINCT bulk_source)::int FROM campaigns WHERE seller_id = $1 AND bulk_source LIKE 'bulk_row:%') AS sources`,
      [sellerId],
    );
    expect(stats).toEqual({ completed: rows, campaigns: rows, sources: rows });
  });
});
