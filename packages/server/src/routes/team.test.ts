import { userDate } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  switchedTo,
  type TestApp,
} from '../../test/helpers.js';
import { insertGrant } from '../sql/sessions.js';
import { insertStore } from '../sql/stores.js';

interface Member {
  id: number;
  member_id: number;
  email: string;
  role: string;
  permissions: string[];
  store_ids: number[] | null;
}
interface Invitation {
  id: number;
  email: string;
  role: string;
  expired: boolean;
  store_ids: number[] | null;
}

describe.each(BACKENDS)('team on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  let storeA: number;
  let storeB: number;
  let foreignStore: number;

  const call = (
    as: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? bearer(as) : {},
      ...(payload ? { payload } : {}),
    });

  /** The token of the newest invitation mail to an address, read from the outbox. */
  const invitationToken = async (email: string): Promise<string> => {
    const [mail] = await t.app.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    expect(mail?.subject).toContain('invited you');
    const match = mail?.body.match(/\/auth\/accept-invitation\?token=([^\s]+)/);
    if (!match?.[1]) throw new Error(`no invitation link in ${mail?.body}`);
    return decodeURIComponent(match[1]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'boss@example.test', name: 'Boss Prints' })).id;
    const otherId = (await createUser(t.app, { email: 'rival@example.test' })).id;
    seller = await login(t.app, 'boss@example.test');
    other = await login(t.app, 'rival@example.test');
    storeA = await insertStore(t.app.db, sellerId, { name: 'Store A', slug: 'team-store-a' });
    storeB = await insertStore(t.app.db, sellerId, { name: 'Store B', slug: 'team-store-b' });
    foreignStore = await insertStore(t.app.db, otherId, { name: 'Rival', slug: 'team-rival' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invites a new person, who accepts by creating an account and can then switch', async () => {
    const invited = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'New.Helper@Example.test',
      role: 'Support',
      permissions: ['get_orders'],
      store_ids: [storeA],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const invitation = body<Invitation>(invited).data;
    expect(invitation).toMatchObject({
      email: 'new.helper@example.test',
      role: 'Support',
      store_ids: [storeA],
      expired: false,
    });
    const pending = body<Invitation[]>(await call(seller, 'GET', '/seller/team/invitations')).data;
    expect(pending.map((i) => i.email)).toEqual(['new.helper@example.test']);
    // Another seller sees none of it.
    expect(body<Invitation[]>(await call(other, 'GET', '/seller/team/invitations')).data).toEqual(
      [],
    );

    const token = await invitationToken('new.helper@example.test');
    const noAccount = await call(null, 'POST', '/auth/accept-invitation', { token });
    expect(noAccount.statusCode).toBe(422);
    expect(Object.keys(body(noAccount).errors ?? {}).sort()).toEqual(['name', 'password']);

    const accepted = await call(null, 'POST', '/auth/accept-invitation', {
      token,
      name: 'Helper',
      password: 'a-long-new-password',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(body(accepted).data).toEqual({
      seller_id: sellerId,
      seller_name: 'Boss Prints',
      email: 'new.helper@example.test',
      account_created: true,
    });
    // The link works once.
    const again = await call(null, 'POST', '/auth/accept-invitation', { token });
    expect(again.statusCode).toBe(422);
    expect(body<Invitation[]>(await call(seller, 'GET', '/seller/team/invitations')).data).toEqual(
      [],
    );

    const helper = await login(t.app, 'new.helper@example.test', 'a-long-new-password');
    const accounts = body<Array<{ seller_id: number; role: string }>>(
      await call(helper, 'GET', '/seller/authorized-accounts'),
    ).data;
    expect(accounts).toEqual([expect.objectContaining({ seller_id: sellerId, role: 'Support' })]);

    const members = body<Member[]>(await call(seller, 'GET', '/seller/team')).data;
    expect(members).toEqual([
      expect.objectContaining({
        email: 'new.helper@example.test',
        role: 'Support',
        permissions: ['get_orders'],
        store_ids: [storeA],
      }),
    ]);
  });

  it('limits a member to their permissions and stores, and removal ends access at once', async () => {
    const memberId = (await createUser(t.app, { email: 'existing@example.test' })).id;
    await call(seller, 'POST', '/seller/team/invitations', {
      email: 'existing@example.test',
      role: 'Artwork',
      permissions: ['get_campaigns'],
    });
    const token = await invitationToken('existing@example.test');
    // An existing account is linked: no name or password needed.
    const accepted = await call(null, 'POST', '/auth/accept-invitation', { token });
    expect(body(accepted).data).toMatchObject({ account_created: false });

    const member = await switchedTo(t.app, await login(t.app, 'existing@example.test'), sellerId);
    expect((await call(member, 'GET', '/seller/campaign')).statusCode).toBe(200);
    // Outside their permissions: 403.
    expect((await call(member, 'GET', '/seller/team')).statusCode).toBe(403);

    const row = body<Member[]>(await call(seller, 'GET', '/seller/team')).data.find(
      (m) => m.member_id === memberId,
    );
    if (!row) throw new Error('member missing');
    // The owner narrows the member to store B and gives get_users: applies on the next request.
    const updated = await call(seller, 'PUT', `/seller/team/${row.id}`, {
      permissions: ['get_campaigns', 'get_users'],
      store_ids: [storeB],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body<Member>(updated).data).toMatchObject({
      permissions: ['get_campaigns', 'get_users'],
      store_ids: [storeB],
    });
    expect((await call(member, 'GET', '/seller/team')).statusCode).toBe(200);
    const me = body<{ store_ids: number[]; permissions: string[] }>(
      await call(member, 'GET', '/me'),
    ).data;
    expect(me.store_ids).toEqual([storeB]);
    expect((await call(member, 'GET', `/seller/stores/${storeA}/klaviyo`)).statusCode).toBe(403);

    // A member never changes the team, even with get_users.
    const selfWiden = await call(member, 'PUT', `/seller/team/${row.id}`, {
      permissions: ['get_campaigns', 'get_users', 'update_payments'],
      store_ids: null,
    });
    expect(selfWiden.statusCode).toBe(403);
    expect(
      (
        await call(member, 'POST', '/seller/team/invitations', {
          email: 'friend@example.test',
          role: 'x',
          permissions: [],
        })
      ).statusCode,
    ).toBe(403);

    // Another seller cannot touch this member.
    expect((await call(other, 'DELETE', `/seller/team/${row.id}`)).statusCode).toBe(404);

    const removed = await call(seller, 'DELETE', `/seller/team/${row.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(member, 'GET', '/seller/campaign')).statusCode).toBe(401);

    const [audit] = await t.app.db.query<{ actor_id: number; seller_id: number }>(
      "SELECT actor_id, seller_id FROM audit_log WHERE action = 'team_member_remove' ORDER BY id DESC LIMIT 1",
    );
    expect({ actor: Number(audit?.actor_id), seller: Number(audit?.seller_id) }).toEqual({
      actor: sellerId,
      seller: sellerId,
    });
  });

  it('refuses a store limit with no store: an empty team_store_ids means every store', async () => {
    const empty = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'nostore@example.test',
      role: 'Staff',
      permissions: [],
      store_ids: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).errors?.store_ids).toEqual([
      'Choose at least one store, or give access to every store.',
    ]);
  });

  it('shows the owner who acted for the account, filtered by person and by day', async () => {
    type Entry = {
      action: string;
      actor_id: number | null;
      actor_name: string | null;
      actor_kind: string;
      seller_name: string;
      created_at: string;
    };
    type Page = { data: Entry[]; total: number; last_page: number };
    const memberId = (await createUser(t.app, { email: 'auditee@example.test', name: 'Audi' })).id;
    await insertGrant(t.app.db, {
      sellerId,
      memberId,
      role: 'Staff',
      permissions: ['get_orders'],
    });
    const member = await switchedTo(t.app, await login(t.app, 'auditee@example.test'), sellerId);
    // A change the member makes for the seller is audited with the route it went through.
    expect((await call(member, 'PUT', '/seller/notifications/mark_all_as_read')).statusCode).toBe(
      200,
    );
    // Reading the log needs get_users, which this member lacks.
    expect((await call(member, 'GET', '/seller/team/audit-log')).statusCode).toBe(403);

    const log = async (query = '') =>
      body<Page>(await call(seller, 'GET', `/seller/team/audit-log${query}`)).data;
    const everything = await log('?per_page=100');
    const change = everything.data.find(
      (e) => e.action === 'PUT /seller/notifications/mark_all_as_read',
    );
    expect(change).toMatchObject({
      actor_id: memberId,
      actor_name: 'Audi',
      actor_kind: 'member',
      seller_name: 'Boss Prints',
    });
    expect(everything.data.find((e) => e.action === 'switch_account')?.actor_id).toBe(memberId);
    // The owner's own team changes name the owner.
    expect(everything.data.find((e) => e.action === 'team_invite')?.actor_kind).toBe('owner');
    // Newest first.
    const times = everything.data.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const theirs = await log(`?actor_id=${memberId}`);
    expect(theirs.total).toBe(2);
    expect(theirs.data.every((e) => e.actor_id === memberId)).toBe(true);
    const paged = await log(`?actor_id=${memberId}&per_page=1&page=2`);
    expect(paged).toMatchObject({ total: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);

    // Days are the seller's: at UTC+14 "today" may already be tomorrow in UTC.
    await t.app.db.query('UPDATE users SET utc_offset = 14 WHERE id = $1', [sellerId]);
    const today = userDate(Date.now(), 14);
    const yesterday = userDate(Date.now() - 86_400_000, 14);
    const onToday = await log(`?actor_id=${memberId}&time=custom&from=${today}&to=${today}`);
    expect(onToday.total).toBe(2);
    const before = await log(`?time=custom&from=${yesterday}&to=${yesterday}`);
    expect(before.total).toBe(0);
    const bad = await call(seller, 'GET', '/seller/team/audit-log?time=custom&from=2026-01-02');
    expect(bad.statusCode).toBe(400);
    await t.app.db.query('UPDATE users SET utc_offset = 0 WHERE id = $1', [sellerId]);

    // Another seller's log does not hold this seller's entries.
    const theirLog = body<Page>(await call(other, 'GET', '/seller/team/audit-log')).data;
    expect(theirLog.data.some((e) => e.actor_id === memberId)).toBe(false);
  });

  it('refuses foreign stores, self invitations and existing members', async () => {
    const foreign = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'someone@example.test',
      role: 'Staff',
      permissions: [],
      store_ids: [foreignStore],
    });
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).errors?.store_ids).toBeDefined();
    const self = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'boss@example.test',
      role: 'Staff',
      permissions: [],
    });
    expect(self.statusCode).toBe(422);
    const unknownPermission = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'someone@example.test',
      role: 'Staff',
      permissions: ['be_admin'],
    });
    expect(unknownPermission.statusCode).toBe(400);
    const reserved = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'someone@example.test',
      role: 'Seller',
      permissions: [],
    });
    expect(reserved.statusCode).toBe(400);
    const existing = await call(seller, 'POST', '/seller/team/invitations', {
      email: 'new.helper@example.test',
      role: 'Staff',
      permissions: [],
    });
    expect(existing.statusCode).toBe(409);
  });

  it('resends with a new link (the old one ends) and revokes', async () => {
    const invitation = body<Invitation>(
      await call(seller, 'POST', '/seller/team/invitations', {
        email: 'later@example.test',
        role: 'Staff',
        permissions: ['get_orders'],
      }),
    ).data;
    const first = await invitationToken('later@example.test');
    const resent = await call(seller, 'POST', `/seller/team/invitations/${invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationToken('later@example.test');
    expect(second).not.toBe(first);
    const old = await call(null, 'POST', '/auth/accept-invitation', {
      token: first,
      name: 'Later',
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(422);

    expect(
      (await call(other, 'DELETE', `/seller/team/invitations/${invitation.id}`)).statusCode,
    ).toBe(404);
    const revoked = await call(seller, 'DELETE', `/seller/team/invitations/${invitation.id}`);
    expect(revoked.statusCode).toBe(200);
    const late = await call(null, 'POST', '/auth/accept-invitation', {
      token: second,
      name: 'Later',
      password: PASSWORD,
    });
    expect(late.statusCode).toBe(422);
  });

  it('does not accept an expired link', async () => {
    await call(seller, 'POST', '/seller/team/invitations', {
      email: 'slow@example.test',
      role: 'Staff',
      permissions: [],
    });
    const token = await invitationToken('slow@example.test');
    await t.app.db.query(
      "UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1",
      ['slow@example.test'],
    );
    const listed = body<Invitation[]>(await call(seller, 'GET', '/seller/team/invitations')).data;
    expect(listed.find((i) => i.email === 'slow@example.test')?.expired).toBe(true);
    const late = await call(null, 'POST', '/auth/accept-invitation', {
      token,
      name: 'Slow',
      password: PASSWORD,
    });
    expect(late.statusCode).toBe(422);
  });
});
