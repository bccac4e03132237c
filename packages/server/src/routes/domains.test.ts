import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsZoneEntry, startDnsServer } from '../../test/dnsServer.js';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { checkDomainDns } from '../storefront/domainDns.js';

interface DomainAnswer {
  id: number;
  store_id: number;
  hostname: string;
  status: 'pending' | 'verified';
  is_primary: boolean;
  records: { type: string; name: string; value: string }[];
  cname_ok: boolean | null;
  last_error: string | null;
}

describe.each(BACKENDS)('custom store domains on %s', (backend) => {
  let t: TestApp;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const zone = new Map<string, DnsZoneEntry>();
  let seller: string;
  let other: string;
  let sellerId: number;
  let storeId: number;
  let otherStoreId: number;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const storeHome = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });

  beforeAll(async () => {
    dns = await startDnsServer(zone);
    t = await createTestApp(backend, { dnsServers: [dns.server] });
    sellerId = (await createUser(t.app, { email: 'domains@example.test' })).id;
    await createUser(t.app, { email: 'rival@example.test' });
    seller = await login(t.app, 'domains@example.test');
    other = await login(t.app, 'rival@example.test');
    storeId = body<{ id: number }>(
      await call(seller, 'POST', '/seller/stores', { name: 'Domain Shop', slug: 'domain-shop' }),
    ).data.id;
    otherStoreId = body<{ id: number }>(
      await call(other, 'POST', '/seller/stores', { name: 'Rival', slug: 'rival-shop' }),
    ).data.id;
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('adds a domain, verifies it by DNS, serves the store on it and makes it primary', async () => {
    const added = await call(seller, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: ' Shop.Example.COM. ',
    });
    expect(added.statusCode, added.body).toBe(200);
    const domain = body<DomainAnswer>(added).data;
    expect(domain.hostname).toBe('shop.example.com');
    expect(domain.status).toBe('pending');
    const [txt, cname] = domain.records;
    expect(txt).toMatchObject({ type: 'TXT', name: '_printloom.shop.example.com' });
    expect(txt?.value).toMatch(/^printloom-verification=[0-9a-f]{32}$/);
    expect(cname).toMatchObject({ type: 'CNAME', name: 'shop.example.com' });
    expect(cname?.value).toMatch(/^domain-shop\./);

    // Not verified yet: the host serves nothing of the store.
    expect((await storeHome('shop.example.com')).body).not.toContain('Domain Shop');
    const early = body<DomainAnswer>(
      await call(seller, 'POST', `/seller/domains/${domain.id}/verify`),
    ).data;
    expect(early.status).toBe('pending');
    expect(early.last_error).toContain('No TXT record _printloom.shop.example.com');
    expect((await call(seller, 'PUT', `/seller/domains/${domain.id}/primary`)).statusCode).toBe(
      422,
    );

    zone.set('_printloom.shop.example.com', { TXT: ['v=spf1 -all', txt?.value ?? ''] });
    zone.set('shop.example.com', { CNAME: cname?.value ?? '' });
    const verified = await call(seller, 'POST', `/seller/domains/${domain.id}/verify`);
    expect(body<DomainAnswer>(verified).data).toMatchObject({
      status: 'verified',
      cname_ok: true,
      last_error: null,
    });
    expect(body(verified).message).toBe('Domain verified: it now serves the store.');

    const home = await storeHome('shop.example.com');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Domain Shop');
    // Links on the custom host carry no /s/{slug} prefix.
    expect(home.body).not.toContain('/s/domain-shop/');

    const primary = await call(seller, 'PUT', `/seller/domains/${domain.id}/primary`);
    expect(body<DomainAnswer>(primary).data.is_primary).toBe(true);
    const store = body<{ base_url: string }>(
      await call(seller, 'GET', `/seller/stores/${storeId}`),
    ).data;
    expect(store.base_url).toBe('https://shop.example.com');

    // Removing the primary domain gives the store its platform address back and stops serving.
    expect((await call(seller, 'DELETE', `/seller/domains/${domain.id}`)).statusCode).toBe(200);
    const after = body<{ base_url: string }>(
      await call(seller, 'GET', `/seller/stores/${storeId}`),
    ).data;
    expect(after.base_url).toMatch(/^https:\/\/domain-shop\./);
    expect((await storeHome('shop.example.com')).body).not.toContain('Domain Shop');
  });

  it('says what is wrong with a TXT record holding another value, and a missing CNAME', async () => {
    zone.set('_printloom.wrong.example.net', { TXT: ['printloom-verification=nope'] });
    const check = await checkDomainDns('wrong.example.net', 'abc', 'x.preview.test', [dns.server]);
    expect(check.verified).toBe(false);
    expect(check.error).toBe(
      'The TXT record _printloom.wrong.example.net does not hold printloom-verification=abc.',
    );
    zone.set('_printloom.wrong.example.net', { TXT: ['printloom-verification=abc'] });
    const txtOnly = await checkDomainDns('wrong.example.net', 'abc', 'x.preview.test', [
      dns.server,
    ]);
    expect(txtOnly).toMatchObject({ verified: true, cnameOk: false });
    expect(txtOnly.error).toContain('has no CNAME record pointing to x.preview.test');
  });

  it('refuses malformed, platform and already added domains', async () => {
    const bad = await call(seller, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: 'https://shop.example.com/path',
    });
    expect(bad.statusCode).toBe(400);
    const platform = await call(seller, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: 'sneaky.preview.printloom.test',
    });
    expect(platform.statusCode).toBe(422);
    await call(seller, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: 'mine.example.org',
    });
    const taken = await call(other, 'POST', '/seller/domains', {
      store_id: otherStoreId,
      hostname: 'mine.example.org',
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('This domain is already added to a store');
  });

  it("keeps each seller's domains to themselves", async () => {
    const mine = body<DomainAnswer[]>(await call(seller, 'GET', '/seller/domains')).data;
    const id = mine.find((d) => d.hostname === 'mine.example.org')?.id;
    expect(id).toBeDefined();
    expect(body<DomainAnswer[]>(await call(other, 'GET', '/seller/domains')).data).toEqual([]);
    expect((await call(other, 'POST', `/seller/domains/${id}/verify`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/seller/domains/${id}`)).statusCode).toBe(404);
    // Nor may a seller add a domain to another seller's store.
    const foreign = await call(other, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: 'steal.example.org',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets members read domains; changing them needs update_campaign', async () => {
    const member = await memberSession(t.app, sellerId, 'dns-member@example.test', []);
    expect((await call(member, 'GET', '/seller/domains')).statusCode).toBe(200);
    const refused = await call(member, 'POST', '/seller/domains', {
      store_id: storeId,
      hostname: 'member.example.org',
    });
    expect(refused.statusCode).toBe(403);
  });
});
