import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

interface Page {
  data: Array<{ id: number; name: string }>;
  total: number;
  total_is_capped: boolean;
  per_page: number;
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
}

// Lists count matching rows up to 10,000 (or the end of the page asked for, past that).
describe.each(BACKENDS)('a list longer than its count cap on %s', (backend) => {
  let t: TestApp;
  let token: string;
  const get = async (query: string) =>
    body<Page>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign?${query}`,
        headers: bearer(token),
      }),
    ).data;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const seller = await createUser(t.app, { email: 'many@example.test' });
    const other = await createUser(t.app, { email: 'other@example.test' });
    token = await login(t.app, 'many@example.test');
    await t.app.db.query(
      `INSERT INTO campaigns (seller_id, name, slug, status)
       SELECT $1, 'Campaign ' || g, 'campaign-' || g, CASE WHEN g % 10 = 0 THEN 'active' ELSE 'draft' END
       FROM generate_series(1, 10030) g`,
      [seller.id],
    );
    // Another seller's campaigns are not counted.
    await t.app.db.query(
      `INSERT INTO campaigns (seller_id, name, slug)
       SELECT $1, 'Theirs ' || g, 'theirs-' || g FROM generate_series(1, 50) g`,
      [other.id],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 10,000 with total_is_capped and lets the seller page past it', async () => {
    const first = await get('per_page=25');
    expect(first).toMatchObject({
      total: 10_000,
      total_is_capped: true,
      current_page: 1,
      last_page: 401,
      from: 1,
      to: 25,
    });
    expect(first.data.map((c) => c.name).slice(0, 2)).toEqual(['Campaign 10030', 'Campaign 10029']);

    const pastCap = await get('per_page=25&page=401');
    expect(pastCap).toMatchObject({
      total: 10_025,
      total_is_capped: true,
      last_page: 402,
      from: 10_001,
      to: 10_025,
    });
    expect(pastCap.data).toHaveLength(25);

    const lastPage = await get('per_page=25&page=402');
    expect(lastPage).toMatchObject({
      total: 10_030,
      total_is_capped: false,
      last_page: 402,
      from: 10_026,
      to: 10_030,
    });
    expect(lastPage.data.map((c) => c.name)).toEqual([
      'Campaign 5',
      'Campaign 4',
      'Campaign 3',
      'Campaign 2',
      'Campaign 1',
    ]);
  });

  it('counts exactly when the filtered list is under the cap', async () => {
    const active = await get('status=active&per_page=100');
    expect(active).toMatchObject({ total: 1003, total_is_capped: false, last_page: 11 });
    const search = await get('q=Campaign%201003');
    expect(search).toMatchObject({ total: 2, total_is_capped: false });
    expect(search.data.map((c) => c.name).sort()).toEqual(['Campaign 1003', 'Campaign 10030']);
  });
});
