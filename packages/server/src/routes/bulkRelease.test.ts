/**
 * The one lease protocol of bulk work (sql/lease.ts) seen through both kinds of bulk work:
 * multi-space rows (bulk-v3) and regular jobs (bulk). A worker that stops with a claimed row
 * releases it and the row is claimable at once; a stale token changes nothing; a lease left to
 * expire still returns the row to the queue.
 */
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

interface Held {
  id: number;
  token: string;
}

/** How each kind claims, releases and is inspected. */
interface Kind {
  name: string;
  table: 'bulk_rows' | 'bulk_regular_jobs';
  releaseUrl: string;
  /** Adds `n` pending rows of the seller; their ids. */
  seed(n: number): Promise<number[]>;
  /** Claims one row as the tab/worker `who`, or null when none is claimable. */
  claim(who: string): Promise<Held | null>;
}

describe.each(BACKENDS)('bulk leases on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerId: number;
  let templateId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'lease@example.test' })).id;
    await createUser(t.app, { email: 'lease-other@example.test' });
    token = await login(t.app, 'lease@example.test');
    otherToken = await login(t.app, 'lease-other@example.test');
    templateId = (await campaignOf(t.app, token, 'Lease template')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const multiSpace: Kind = {
    name: 'multi-space rows',
    table: 'bulk_rows',
    releaseUrl: '/seller/campaign/bulk-v3/release',
    async seed(n) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk-v3/jobs',
        headers: bearer(token),
        payload: {
          template_campaign_id: templateId,
          rows: Array.from({ length: n }, (_, i) => ({
            campaign_name: `Lease row ${i}`,
            designs: [{ new_url: `/files/l${i}.png`, print_space: 'front' }],
          })),
        },
      });
      expect(response.statusCode).toBe(200);
      const jobId = body<{ id: number }>(response).data.id;
      const rows = await t.app.db.query<{ id: number }>(
        'SELECT id FROM bulk_rows WHERE bulk_id = $1 ORDER BY id',
        [jobId],
      );
      return rows.map((row) => Number(row.id));
    },
    async claim() {
      const [row] = body<Array<{ id: number; lease_token: string }>>(
        await t.app.inject({
          method: 'GET',
          url: '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=1',
          headers: bearer(token),
        }),
      ).data;
      return row ? { id: row.id, token: row.lease_token } : null;
    },
  };

  const regular: Kind = {
    name: 'regular jobs',
    table: 'bulk_regular_jobs',
    releaseUrl: '/seller/campaign/bulk/release',
    async seed(n) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/jobs',
        headers: bearer(token),
        payload: {
          template_campaign_id: templateId,
          rows: Array.from({ length: n }, (_, i) => ({
            campaign_name: `Lease job ${i}`,
            new_url: `/files/j${i}.png`,
          })),
        },
      });
      expect(response.statusCode).toBe(200);
      return body<{ ids: number[] }>(response).data.ids;
    },
    async claim(who) {
      const { job } = body<{ job: { id: number; lease_token?: string | null } | null }>(
        await t.app.inject({
          method: 'GET',
          url: `/seller/campaign/bulk/next-job?sessionId=${who}`,
          headers: bearer(token),
        }),
      ).data;
      return job ? { id: job.id, token: job.lease_token ?? '' } : null;
    },
  };

  const state = async (kind: Kind, id: number) =>
    (
      await t.app.db.query<{ status: string; lease_token: string | null }>(
        `SELECT status, lease_token FROM ${kind.table} WHERE id = $1`,
        [id],
      )
    )[0];
  const release = (kind: Kind, held: Held, who = token) =>
    t.app.inject({
      method: 'POST',
      url: kind.releaseUrl,
      headers: bearer(who),
      payload: { id: held.id, leaseToken: held.token },
    });
  /** Stops every claimable row of the seller, so each test sees only the rows it seeds. */
  const clearQueue = async (kind: Kind) => {
    await t.app.db.query(
      `UPDATE ${kind.table} SET status = 'stopped' WHERE seller_id = $1 AND status IN ('pending', 'processing')`,
      [sellerId],
    );
  };

  describe.each([multiSpace, regular])('$name', (kind) => {
    it('release returns the row to the queue at once', async () => {
      await clearQueue(kind);
      const [id] = await kind.seed(1);
      const held = await kind.claim('tab-a');
      expect(held?.id).toBe(id);
      expect(held?.token).not.toBe('');
      // Held: nobody else gets it.
      expect(await kind.claim('tab-b')).toBeNull();

      const released = await release(kind, held as Held);
      expect(released.statusCode).toBe(200);
      expect(body(released).data).toEqual({ id, status: 'pending' });
      expect(await state(kind, id ?? 0)).toEqual({ status: 'pending', lease_token: null });

      const again = await kind.claim('tab-b');
      expect(again?.id).toBe(id);
      expect(again?.token).not.toBe(held?.token);
    });

    it('a release with a stale token changes nothing', async () => {
      await clearQueue(kind);
      const [id] = await kind.seed(1);
      const first = (await kind.claim('tab-c')) as Held;
      await release(kind, first);
      const second = (await kind.claim('tab-d')) as Held;
      expect(second.id).toBe(id);

      const stale = await release(kind, first);
      expect(stale.statusCode).toBe(409);
      expect(body(stale).message).toBe('This row is no longer leased to you; nothing was changed.');
      expect(await state(kind, id ?? 0)).toEqual({
        status: 'processing',
        lease_token: second.token,
      });
      // Another seller's release of the row is a 404, and changes nothing either.
      expect((await release(kind, second, otherToken)).statusCode).toBe(404);
      expect((await state(kind, id ?? 0))?.lease_token).toBe(second.token);
      // A row released once has no lease left to release.
      expect((await release(kind, second)).statusCode).toBe(200);
      expect((await release(kind, second)).statusCode).toBe(409);
    });

    it('expiry still returns the row to the queue, with a new token', async () => {
      await clearQueue(kind);
      const [id] = await kind.seed(1);
      const held = (await kind.claim('tab-e')) as Held;
      expect(await kind.claim('tab-f')).toBeNull();
      await t.app.db.query(
        `UPDATE ${kind.table} SET lease_expires_at = now() - interval '1 second' WHERE id = $1`,
        [id],
      );
      const again = (await kind.claim('tab-f')) as Held;
      expect(again.id).toBe(id);
      expect(again.token).not.toBe(held.token);
      expect((await release(kind, held)).statusCode).toBe(409);
      expect((await state(kind, id ?? 0))?.lease_token).toBe(again.token);
    });
  });
});
