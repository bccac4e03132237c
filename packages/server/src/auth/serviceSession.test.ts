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
import { sellersWithBulkWork } from '../sql/bulkQueue.js';
import { openServiceSession } from './serviceSession.js';

// The server's own bulk workers: which seller has work, and a session to do it as that seller.
describe.each(BACKENDS)('server workers on %s', (backend) => {
  let t: TestApp;
  let first: number;
  let second: number;
  let firstToken: string;
  let secondToken: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    first = (await createUser(t.app, { email: 'first@example.test' })).id;
    second = (await createUser(t.app, { email: 'second@example.test' })).id;
    firstToken = await login(t.app, 'first@example.test');
    secondToken = await login(t.app, 'second@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the sellers with work waiting, the longest-waiting first', async () => {
    expect(await sellersWithBulkWork(t.app.db, 10)).toEqual([]);
    const template = await campaignOf(t.app, secondToken, 'Second template');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/jobs',
      headers: bearer(secondToken),
      payload: {
        template_campaign_id: template.id,
        rows: [{ campaign_name: 'A', designs: [{ new_url: 'https://cdn.test/a.png' }] }],
      },
    });
    expect(created.statusCode).toBe(200);
    const regular = await campaignOf(t.app, firstToken, 'First template');
    await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/jobs',
      headers: bearer(firstToken),
      payload: {
        template_campaign_id: regular.id,
        rows: [{ campaign_name: 'B', new_url: 'https://cdn.test/b.png' }],
      },
    });
    expect(await sellersWithBulkWork(t.app.db, 10)).toEqual([second, first]);
    expect(await sellersWithBulkWork(t.app.db, 1)).toEqual([second]);
    // Regular jobs wait while the seller's bulk processing is off: nothing to take there.
    await t.app.db.query('UPDATE users SET bulk_processing = false WHERE id = $1', [first]);
    expect(await sellersWithBulkWork(t.app.db, 10)).toEqual([second]);
    // Stopped rows are not work either.
    await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/stop-all',
      headers: bearer(secondToken),
      payload: {},
    });
    expect(await sellersWithBulkWork(t.app.db, 10)).toEqual([]);
  });

  it('opens a session that acts as that seller only, until it is closed', async () => {
    const session = await openServiceSession(t.app.db, first);
    const me = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    expect(body<{ email: string }>(me).data.email).toBe('first@example.test');
    // Another seller's row is out of reach, as for any session of this seller.
    const rows = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign/bulk-v3/campaigns',
      headers: bearer(session.token),
    });
    expect(body<{ total: number }>(rows).data.total).toBe(0);
    await session.close();
    await session.close();
    const after = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(session.token) });
    expect(after.statusCode).toBe(401);
  });

  it('ends by itself when its time is up', async () => {
    const session = await openServiceSession(t.app.db, second, 1);
    await t.app.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND user_id = $1",
      [second],
    );
    const me = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(401);
  });
});
