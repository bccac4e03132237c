import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  grant,
  login,
  type TestApp,
} from '../../test/helpers.js';

describe.each(BACKENDS)('shell data on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let sellerId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, { lastUpdate: '2026-11-01T00:00:00.000Z' });
    sellerId = (await createUser(t.app, { email: 'shell@example.test', smsCredit: 42 })).id;
    const other = await createUser(t.app, { email: 'shell-other@example.test' });
    token = await login(t.app, 'shell@example.test');
    for (let i = 1; i <= 12; i += 1) {
      await t.app.db.query(
        'INSERT INTO notifications (seller_id, subject, message, type) VALUES ($1, $2, $3, $4)',
        [
          sellerId,
          `Note ${i}`,
          `<p>Hello <b>${i}</b></p><script>steal()</script><img src=x onerror=alert(1)>`,
          i === 12 ? 2 : 1,
        ],
      );
    }
    await t.app.db.query(
      "INSERT INTO notifications (seller_id, subject, message) VALUES (NULL, 'For all', 'x')",
    );
    await t.app.db.query(
      "INSERT INTO notifications (seller_id, subject, message) VALUES ($1, 'Not yours', 'x')",
      [other.id],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the version without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api3/version' });
    expect(body(response).data).toEqual({ last_update: '2026-11-01T00:00:00.000Z' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends a content security policy that works over plain http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api3/version' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('names no third-party widget and allows no third-party script when none is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/widgets' });
    expect(body(response).data).toEqual({ support_chat: null, changelog: null });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('crisp.chat');
    expect(csp).not.toContain('headwayapp.co');
  });

  it('pages notifications with total, from and to, own and global only, sanitized', async () => {
    const page2 = body<{
      data: Array<{ subject: string; message: string }>;
      total: number;
      per_page: number;
      current_page: number;
      last_page: number;
      from: number;
      to: number;
    }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/notifications?page=2&per_page=10',
        headers: bearer(token),
      }),
    ).data;
    expect(page2).toMatchObject({
      total: 13,
      per_page: 10,
      current_page: 2,
      last_page: 2,
      from: 11,
      to: 13,
    });
    expect(page2.data.map((n) => n.subject)).not.toContain('Not yours');
    const first = body<{ data: Array<{ subject: string; message: string }> }>(
      await t.app.inject({ method: 'GET', url: '/seller/notifications', headers: bearer(token) }),
    ).data.data.find((n) => n.subject === 'Note 12');
    expect(first?.message).toBe('<p>Hello <b>12</b></p>');
  });

  it('records read-status actions and marks all read', async () => {
    const list = body<{ data: Array<{ id: number; type: number; is_new: boolean }> }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/notifications?per_page=20',
        headers: bearer(token),
      }),
    ).data.data;
    const typeTwo = list.find((n) => n.type === 2);
    const read = await t.app.inject({
      method: 'POST',
      url: '/seller/notifications/read-status',
      headers: bearer(token),
      payload: { notification_ids: [typeTwo?.id], action: 2 },
    });
    expect(body(read).data).toEqual({ updated: 1 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/seller/notifications/read-status',
      headers: bearer(token),
      payload: { notification_ids: [1], action: 3 },
    });
    expect(bad.statusCode).toBe(400);
    const all = await t.app.inject({
      method: 'PUT',
      url: '/seller/notifications/mark_all_as_read',
      headers: bearer(token),
    });
    expect(body(all).data).toEqual({ updated: list.length - 1 });
    const after = body<{ data: Array<{ is_new: boolean }> }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/notifications?per_page=20',
        headers: bearer(token),
      }),
    ).data.data;
    expect(after.every((n) => !n.is_new)).toBe(true);
  });

  it("gives 404 for another seller's notification", async () => {
    const [row] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM notifications WHERE subject = 'Not yours'",
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/seller/notifications/${row?.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('saves the survey with the spec message and refuses a bad Facebook URL', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/seller/survey',
      headers: bearer(token),
      payload: { sale_volume: '150 - 300', facebook: 'https://twitter.com/me', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual({
      facebook: ['Please enter a valid Facebook URL!'],
      phone: ['Please enter a valid phone number!'],
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/seller/survey',
      headers: bearer(token),
      payload: {
        sale_volume: '150 - 300',
        facebook: 'https://facebook.com/me',
        phone: '+1 555 010 9999',
      },
    });
    expect(body(ok)).toMatchObject({ success: true, message: 'Your information has been saved.' });
    const me = body<{ sale_volume: string; facebook: string }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;
    expect(me).toMatchObject({ sale_volume: '150 - 300', facebook: 'https://facebook.com/me' });
  });

  it('shows the SMS credit, and refuses the balance to a team account without get_payments', async () => {
    const balance = body<{ user_info: { sms_credit: number } }>(
      await t.app.inject({ method: 'GET', url: '/seller/balance', headers: bearer(token) }),
    ).data;
    expect(balance.user_info.sms_credit).toBe(42);
    const member = await createUser(t.app, { email: 'nopay@example.test' });
    await grant(t.app, sellerId, member.id, ['get_campaigns']);
    const switched = body<{ access_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/switch-account',
        headers: bearer(await login(t.app, 'nopay@example.test')),
        payload: { seller_id: sellerId },
      }),
    ).data.access_token;
    const denied = await t.app.inject({
      method: 'GET',
      url: '/seller/balance',
      headers: bearer(switched),
    });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).success).toBe(false);
    const campaigns = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign',
      headers: bearer(switched),
    });
    expect(campaigns.statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(switched),
      payload: { name: 'x', products: [{ template_id: 1 }] },
    });
    expect(create.statusCode).toBe(403);
  });

  it('caches featured info and makes banner urls absolute', async () => {
    await t.app.db.query(
      "INSERT INTO featured_info (subject, banner_url) VALUES ('One', '/files/a.png')",
    );
    const first = await t.app.inject({
      method: 'GET',
      url: '/public/featured-info',
      headers: { host: 'dash.example.test' },
    });
    expect(body<Array<{ banner_url: string }>>(first).data[0]?.banner_url).toBe(
      'http://dash.example.test/files/a.png',
    );
    expect(first.headers['cache-control']).toContain('max-age=60');
    await t.app.db.query(
      "INSERT INTO featured_info (subject, banner_url) VALUES ('Two', '/files/b.png')",
    );
    const second = await t.app.inject({ method: 'GET', url: '/public/featured-info' });
    expect(body<unknown[]>(second).data).toHaveLength(1);
  });

  it('tracks a UTM click publicly and for the seller, answering data.success', async () => {
    const open = await t.app.inject({
      method: 'POST',
      url: '/utm-campaign/track',
      payload: { utm_campaign: 'spring' },
    });
    expect(body(open).data).toEqual({ success: true });
    const own = await t.app.inject({
      method: 'POST',
      url: '/seller/utm-campaign/track',
      headers: bearer(token),
      payload: { utm_campaign: 'spring', action: 'submit' },
    });
    expect(body(own).data).toEqual({ success: true });
    const rows = await t.app.db.query<{ seller_id: number | null; action: string }>(
      "SELECT seller_id, action FROM utm_tracks WHERE utm_campaign = 'spring' ORDER BY id",
    );
    expect(rows).toEqual([
      { seller_id: null, action: 'click' },
      { seller_id: sellerId, action: 'submit' },
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/utm-campaign/track',
      payload: { utm_campaign: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('shows a team member only the topics their permissions cover, with their own read marks', async () => {
    const inserted = await t.app.db.query<{ id: number; topic: string }>(
      `INSERT INTO notifications (seller_id, subject, message, topic) VALUES
         ($1, 'Order 1001 needs a new address', 'x', 'orders'),
         ($1, 'Payout sent', 'x', 'payments'),
         (NULL, 'Maintenance tonight', 'x', 'announcement')
       RETURNING id, topic`,
      [sellerId],
    );
    const idOf = (topic: string) => inserted.find((n) => n.topic === topic)?.id;
    const member = await createUser(t.app, { email: 'orders-only@example.test' });
    await grant(t.app, sellerId, member.id, ['get_orders']);
    const memberToken = body<{ access_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/switch-account',
        headers: bearer(await login(t.app, 'orders-only@example.test')),
        payload: { seller_id: sellerId },
      }),
    ).data.access_token;
    type Item = { id: number; subject: string; topic: string; is_new: boolean };
    const listOf = async (as: string) =>
      body<{ data: Item[]; total: number }>(
        await t.app.inject({
          method: 'GET',
          url: '/seller/notifications?per_page=100',
          headers: bearer(as),
        }),
      ).data;

    const seen = await listOf(memberToken);
    const subjects = seen.data.map((n) => n.subject);
    expect(subjects).toContain('Order 1001 needs a new address');
    expect(subjects).toContain('Maintenance tonight');
    expect(subjects).not.toContain('Payout sent');
    expect(seen.data.every((n) => n.topic === 'announcement' || n.topic === 'orders')).toBe(true);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/seller/notifications/${idOf('payments')}`,
      headers: bearer(memberToken),
    });
    expect(refused.statusCode).toBe(404);
    // The owner sees every topic.
    const owners = (await listOf(token)).data.map((n) => n.subject);
    expect(owners).toContain('Payout sent');

    // The owner marked everything read earlier; that is not the member's read state.
    expect(seen.data.filter((n) => n.is_new).length).toBe(seen.total);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/seller/notifications/${idOf('orders')}`,
      headers: bearer(memberToken),
    });
    expect(opened.statusCode).toBe(200);
    const afterOpen = await listOf(memberToken);
    expect(afterOpen.data.find((n) => n.id === idOf('orders'))?.is_new).toBe(false);
    // The member's reads leave the owner's new ones new.
    const ownerAfter = (await listOf(token)).data;
    expect(ownerAfter.find((n) => n.id === idOf('orders'))?.is_new).toBe(true);
    const all = await t.app.inject({
      method: 'PUT',
      url: '/seller/notifications/mark_all_as_read',
      headers: bearer(memberToken),
    });
    // Every notification the member sees, except the one already opened; none of payments.
    expect(body(all).data).toEqual({ updated: seen.total - 1 });
    expect((await listOf(token)).data.find((n) => n.id === idOf('payments'))?.is_new).toBe(true);
    expect((await listOf(token)).data.find((n) => n.id === idOf('orders'))?.is_new).toBe(true);
  });
});

describe('third-party widgets of a configured deployment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { crispWebsiteId: 'crisp-site-1', headwayAccount: 'hw42' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the support chat and changelog, and lets their scripts and frames through the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/widgets' });
    expect(body(response).data).toEqual({
      support_chat: { provider: 'crisp', website_id: 'crisp-site-1' },
      changelog: { provider: 'headway', account: 'hw42' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/client\.crisp\.chat/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/cdn\.headwayapp\.co/);
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/client\.relay\.crisp\.chat/);
    expect(csp).toMatch(/frame-src 'self' [^;]*https:\/\/headway-widget\.net/);
  });
});
