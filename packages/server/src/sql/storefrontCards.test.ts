import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import { type PublicStore, type StoreSort, storeBySlug, storeCampaignCards } from './storefront.js';

/**
 * The storefront's campaign cards: what a store lists (its seller's live campaigns, and other
 * sellers' under an open offer), in each spec §3 sort, paged, with its count. The own and the
 * cross-sold campaigns are queried apart and merged, so every sort is checked across both.
 */
describe.each(BACKENDS)('storefront campaign cards on %s', (backend) => {
  let t: TestApp;
  let store: PublicStore;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    const q = <T>(sql: string, params: unknown[] = []) => t.app.db.query<T>(sql, params);
    const seller = await createUser(t.app, { email: 'cards@example.test' });
    const owner = await createUser(t.app, { email: 'owner@example.test' });
    const [template] = await q<{ id: number }>(
      'SELECT id FROM product_templates ORDER BY id LIMIT 1',
    );
    const [row] = await q<{ id: number }>(
      "INSERT INTO stores (seller_id, name, slug) VALUES ($1, 'Cards', 'cards') RETURNING id",
      [seller.id],
    );
    const storeId = row?.id;
    // name, owner, status, price, minutes ago, listed, deleted
    const campaigns: [string, number, string, number, number, boolean, boolean][] = [
      ['Owl', seller.id, 'active', 25, 50, true, false],
      ['ant', seller.id, 'active', 15, 40, true, false],
      ['Cat', seller.id, 'active', 35, 30, true, false],
      ['Draft', seller.id, 'draft', 5, 20, true, false],
      ['Gone', seller.id, 'active', 5, 10, true, true],
      ['Unlisted', seller.id, 'active', 5, 5, false, false],
      ['Bee', owner.id, 'active', 20, 35, true, false],
      ['Withdrawn', owner.id, 'active', 5, 1, true, false],
    ];
    for (const [name, sellerId, status, price, ago, listed, deleted] of campaigns) {
      const [c] = await q<{ id: number }>(
        `INSERT INTO campaigns (seller_id, name, slug, status, created_at, deleted_at)
         VALUES ($1, $2, lower($2), $3, now() - $4 * interval '1 minute',
                 CASE WHEN $5 THEN now() END) RETURNING id`,
        [sellerId, name, status, ago, deleted],
      );
      if (!c) throw new Error('no campaign');
      id[name] = c.id;
      await q(
        `INSERT INTO products (campaign_id, seller_id, template_id, print_spaces, price)
         VALUES ($1, $2, $3, 'front', $4::numeric), ($1, $2, $3, 'front', $4::numeric + 10)`,
        [c.id, sellerId, template?.id, price],
      );
      if (!listed) continue;
      let offer: number | null = null;
      if (sellerId === owner.id) {
        const [o] = await q<{ id: number }>(
          `INSERT INTO cross_sell_offers (campaign_id, seller_id, commission_percent, withdrawn_at)
           VALUES ($1, $2, 10, CASE WHEN $3 THEN now() END) RETURNING id`,
          [c.id, owner.id, name === 'Withdrawn'],
        );
        offer = o?.id ?? null;
      }
      await q(
        'INSERT INTO store_campaigns (store_id, campaign_id, seller_id, offer_id) VALUES ($1, $2, $3, $4)',
        [storeId, c.id, seller.id, offer],
      );
    }
    await q(
      'INSERT INTO storefront_tracks (campaign_id, store_id, seller_id, day, visits, checkouts) VALUES ($1, $3, $4, current_date, 50, 0), ($2, $3, $4, current_date, 5, 1)',
      [id.Cat, id.Bee, storeId, seller.id],
    );
    const [collection] = await q<{ id: number }>(
      "INSERT INTO collections (seller_id, store_id, name, slug, featured) VALUES ($1, $2, 'Picks', 'picks', true) RETURNING id",
      [seller.id, storeId],
    );
    id.picks = collection?.id ?? 0;
    // In the collection: Owl (position 0), Cat (1, featured), Bee (2, featured).
    await q(
      `INSERT INTO collection_campaigns (collection_id, campaign_id, seller_id, position, featured)
       VALUES ($1, $2, $5, 0, false), ($1, $3, $5, 1, true), ($1, $4, $5, 2, true)`,
      [id.picks, id.Owl, id.Cat, id.Bee, seller.id],
    );
    const found = await storeBySlug(t.app.db, 'cards');
    if (!found) throw new Error('no store');
    store = found;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const names = async (sort: StoreSort, extra: { q?: string; collectionId?: number } = {}) => {
    const { rows, total } = await storeCampaignCards(t.app.db, store, {
      sort,
      limit: 10,
      offset: 0,
      ...extra,
    });
    return { names: rows.map((r) => r.name), total };
  };

  it('lists live own and cross-sold campaigns in every sort, with the count', async () => {
    expect(await names('newest')).toEqual({ names: ['Cat', 'Bee', 'ant', 'Owl'], total: 4 });
    expect((await names('oldest')).names).toEqual(['Owl', 'ant', 'Bee', 'Cat']);
    expect((await names('lowest_price')).names).toEqual(['ant', 'Bee', 'Owl', 'Cat']);
    expect((await names('highest_price')).names).toEqual(['Cat', 'Owl', 'Bee', 'ant']);
    expect((await names('a_z')).names).toEqual(['ant', 'Bee', 'Cat', 'Owl']);
    expect((await names('z_a')).names).toEqual(['Owl', 'Cat', 'Bee', 'ant']);
    // Cat 50 visits; Bee 5 visits + 10 per checkout; the rest none, newest id first.
    expect((await names('popular')).names).toEqual(['Cat', 'Bee', 'ant', 'Owl']);
    // Featured anywhere first (by position), the rest newest id first.
    expect((await names('featured')).names).toEqual(['Cat', 'Bee', 'ant', 'Owl']);
  });

  it('shows the cheapest product as the price', async () => {
    const { rows } = await storeCampaignCards(t.app.db, store, {
      sort: 'a_z',
      limit: 10,
      offset: 0,
    });
    expect(rows.map((r) => [r.name, r.price])).toEqual([
      ['ant', 15],
      ['Bee', 20],
      ['Cat', 35],
      ['Owl', 25],
    ]);
  });

  it('pages across both kinds, and counts only when asked', async () => {
    const page = (offset: number) =>
      storeCampaignCards(t.app.db, store, { sort: 'newest', limit: 2, offset, total: false });
    expect((await page(0)).rows.map((r) => r.name)).toEqual(['Cat', 'Bee']);
    expect((await page(2)).rows.map((r) => r.name)).toEqual(['ant', 'Owl']);
    expect((await page(4)).rows).toEqual([]);
    const counted = await storeCampaignCards(t.app.db, store, {
      sort: 'newest',
      limit: 2,
      offset: 2,
    });
    expect(counted.total).toBe(4);
    expect(counted.totalIsCapped).toBe(false);
  });

  it('counts only as far as a cap when given one, across own and cross-sold campaigns', async () => {
    const capped = (countCap: number) =>
      storeCampaignCards(t.app.db, store, { sort: 'newest', limit: 2, offset: 0, countCap });
    // Three own campaigns and one cross-sold: a cap of 3 is reached, one of 5 is not.
    expect(await capped(3)).toMatchObject({ total: 3, totalIsCapped: true });
    expect(await capped(4)).toMatchObject({ total: 4, totalIsCapped: true });
    expect(await capped(5)).toMatchObject({ total: 4, totalIsCapped: false });
    expect((await capped(3)).rows.map((r) => r.name)).toEqual(['Cat', 'Bee']);
  });

  it('keeps a collection in its featured order, and searches by name', async () => {
    expect(await names('featured', { collectionId: id.picks })).toEqual({
      names: ['Cat', 'Bee', 'Owl'],
      total: 3,
    });
    expect((await names('relevant', { collectionId: id.picks })).names).toEqual([
      'Cat',
      'Bee',
      'Owl',
    ]);
    expect(await names('relevant', { q: 'a' })).toEqual({ names: ['ant', 'Cat'], total: 2 });
    expect(await names('relevant', { q: 'bee' })).toEqual({ names: ['Bee'], total: 1 });
  });
});
