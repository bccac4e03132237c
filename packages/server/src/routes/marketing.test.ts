import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { createSecretBox } from '../auth/createSecretBox.js';
import { sealPlainKlaviyoKeys } from './marketing.js';

interface KlaviyoCall {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    data: {
      type: string;
      attributes: { profiles: { data: Array<{ attributes: Record<string, string> }> } };
      relationships: { lists: { data: Array<{ type: string; id: string }> } };
    };
  };
}

/** Klaviyo's bulk import endpoint, in process: records each job and answers what a test sets. */
async function startFakeKlaviyo() {
  const calls: KlaviyoCall[] = [];
  let reply: { status: number; headers?: Record<string, string>; body: unknown } = {
    status: 202,
    body: { data: { type: 'profile-bulk-import-job', id: 'job-1' } },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      });
      res
        .writeHead(reply.status, { 'content-type': 'application/vnd.api+json', ...reply.headers })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answer(next: typeof reply) {
      reply = next;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const DESIGN_TOOL = {
  apiUrl: 'https://pb-api.example.test/v1',
  iframeUrl: 'https://pb.example.test/editor',
  tokenSecret: 'shared-with-the-tool',
};

describe.each(BACKENDS)('email marketing and Klaviyo on %s', (backend) => {
  let klaviyo: Awaited<ReturnType<typeof startFakeKlaviyo>>;
  let t: TestApp;
  let token: string;
  let other: string;
  let sellerId: number;
  let storeId: number;

  beforeAll(async () => {
    klaviyo = await startFakeKlaviyo();
    t = await createTestApp(backend, { klaviyoApiUrl: klaviyo.url, designTool: DESIGN_TOOL });
    const seller = await createUser(t.app, {
      email: 'mk@example.test',
      tags: ['pb', 'email marketing'],
    });
    sellerId = seller.id;
    await createUser(t.app, { email: 'mk-other@example.test', tags: ['email marketing'] });
    token = await login(t.app, 'mk@example.test');
    other = await login(t.app, 'mk-other@example.test');
    const [store] = await t.app.db.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Shop', 'https://shop.invalid') RETURNING id",
      [seller.id],
    );
    storeId = Number(store?.id);
  });
  afterAll(async () => {
    await t?.close();
    await klaviyo?.close();
  });
  beforeEach(() => {
    klaviyo.calls.length = 0;
    klaviyo.answer({
      status: 202,
      body: { data: { type: 'profile-bulk-import-job', id: 'job-1' } },
    });
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const sync = (as = token) =>
    inject('POST', `/seller/stores/${storeId}/klaviyo/sync-profiles`, undefined, as);
  const subscribe = (email: string, extra: object = {}) =>
    inject('POST', '/seller/email-marketing/subscribers', { store_id: storeId, email, ...extra });

  it('refuses to sync a store without Klaviyo settings, with a message to fix it', async () => {
    const response = await sync();
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toBe(
      'Klaviyo is not connected for this store: save its private key and list first.',
    );
    expect(klaviyo.calls).toHaveLength(0);
  });

  it('stores the private key sealed, answers it masked, and only to the owner', async () => {
    const put = await inject('PUT', `/seller/stores/${storeId}/klaviyo`, {
      private_key: 'pk_live_abcdef987654',
      list_id: 'ListA1',
    });
    expect(put.statusCode).toBe(200);
    expect(body(put).data).toMatchObject({
      private_key: { key: '****************7654' },
      list_id: 'ListA1',
    });
    const [row] = await t.app.db.query<{ private_key: string }>(
      'SELECT private_key FROM klaviyo_settings WHERE store_id = $1',
      [storeId],
    );
    expect(row?.private_key).toMatch(/^v1\./);
    expect(row?.private_key).not.toContain('abcdef987654');
    expect(
      (await inject('GET', `/seller/stores/${storeId}/klaviyo`, undefined, other)).statusCode,
    ).toBe(404);
    expect((await sync(other)).statusCode).toBe(404);
  });

  it('answers that nothing is queued when every subscriber is in Klaviyo', async () => {
    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toMatchObject({ sent: 0, remaining: 0, job_id: null });
    expect(klaviyo.calls).toHaveLength(0);
  });

  it('sends queued subscribers to the list as one bulk import job, once', async () => {
    expect(
      (await subscribe('Ann@Example.test', { first_name: 'Ann', phone: '+14155550123' }))
        .statusCode,
    ).toBe(200);
    expect((await subscribe('bob@example.test')).statusCode).toBe(200);

    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toEqual({
      store_id: storeId,
      sent: 2,
      remaining: 0,
      job_id: 'job-1',
      message: 'Sent 2 subscribers to Klaviyo.',
    });
    expect(klaviyo.calls).toHaveLength(1);
    const call = klaviyo.calls[0]!;
    expect(call.path).toBe('/api/profile-bulk-import-jobs');
    expect(call.headers.authorization).toBe('Klaviyo-API-Key pk_live_abcdef987654');
    expect(call.headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(call.body.data.type).toBe('profile-bulk-import-job');
    expect(call.body.data.relationships.lists.data).toEqual([{ type: 'list', id: 'ListA1' }]);
    expect(call.body.data.attributes.profiles.data.map((p) => p.attributes)).toEqual([
      { email: 'ann@example.test', first_name: 'Ann', phone_number: '+14155550123' },
      { email: 'bob@example.test' },
    ]);

    const again = await sync();
    expect(body(again).data).toMatchObject({ sent: 0 });
    expect(klaviyo.calls).toHaveLength(1);

    const settings = body<{ last_sync_message: string; last_synced_at: string }>(
      await inject('GET', `/seller/stores/${storeId}/klaviyo`),
    ).data;
    expect(settings.last_sync_message).toBe('Sent 2 subscribers to Klaviyo.');
    expect(settings.last_synced_at).toEqual(expect.any(String));
  });

  it('queues a subscriber again when it changes', async () => {
    await subscribe('bob@example.test', { last_name: 'Builder' });
    const response = await sync();
    expect(body(response).data).toMatchObject({
      sent: 1,
      message: 'Sent 1 subscriber to Klaviyo.',
    });
    expect(klaviyo.calls[0]?.body.data.attributes.profiles.data[0]?.attributes).toEqual({
      email: 'bob@example.test',
      last_name: 'Builder',
    });
  });

  it('keeps Klaviyo refusing the key as the store message, with the profiles still queued', async () => {
    await subscribe('cat@example.test');
    klaviyo.answer({
      status: 401,
      body: { errors: [{ status: 401, code: 'not_authenticated', detail: 'Invalid API key' }] },
    });
    const response = await sync();
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toContain('Klaviyo refused the private key');
    const settings = body<{ last_sync_message: string }>(
      await inject('GET', `/seller/stores/${storeId}/klaviyo`),
    ).data;
    expect(settings.last_sync_message).toBe(body(response).message);

    klaviyo.answer({
      status: 400,
      body: { errors: [{ status: 400, detail: 'A list with id ListA1 does not exist.' }] },
    });
    const refused = await sync();
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(
      'Klaviyo refused the profiles: A list with id ListA1 does not exist.',
    );

    klaviyo.answer({ status: 429, headers: { 'retry-after': '30' }, body: { errors: [] } });
    const limited = await sync();
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe('Klaviyo is limiting requests; try again in 30 seconds.');

    klaviyo.answer({ status: 202, body: { data: { id: 'job-2' } } });
    expect(body(await sync()).data).toMatchObject({ sent: 1, job_id: 'job-2' });
  });

  it('answers 502 when Klaviyo cannot be reached, and keeps the profiles queued', async () => {
    const down = await createTestApp('pglite', { klaviyoApiUrl: 'http://127.0.0.1:9' });
    try {
      const seller = await createUser(down.app, {
        email: 'down@example.test',
        tags: ['email marketing'],
      });
      const downToken = await login(down.app, 'down@example.test');
      const [store] = await down.app.db.query<{ id: number }>(
        "INSERT INTO stores (seller_id, name) VALUES ($1, 'S') RETURNING id",
        [seller.id],
      );
      const url = `/seller/stores/${store?.id}/klaviyo`;
      await down.app.inject({
        method: 'PUT',
        url,
        headers: bearer(downToken),
        payload: { private_key: 'pk_x1234', list_id: 'L' },
      });
      await down.app.inject({
        method: 'POST',
        url: '/seller/email-marketing/subscribers',
        headers: bearer(downToken),
        payload: { store_id: Number(store?.id), email: 'q@example.test' },
      });
      const response = await down.app.inject({
        method: 'POST',
        url: `${url}/sync-profiles`,
        headers: bearer(downToken),
      });
      expect(response.statusCode).toBe(502);
      expect(body(response).message).toBe(
        'Klaviyo could not be reached; the profiles stay queued.',
      );
      const [queued] = await down.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM subscribers WHERE klaviyo_synced_at IS NULL',
      );
      expect(queued?.n).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('lists, searches and removes subscribers of the seller only', async () => {
    const list = body<{
      data: Array<{ id: number; email: string; klaviyo_synced_at: string | null }>;
      total: number;
    }>(await inject('GET', `/seller/email-marketing/subscribers?store_id=${storeId}&q=ann`)).data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      email: 'ann@example.test',
      klaviyo_synced_at: expect.any(String),
    });
    const id = list.data[0]!.id;
    expect(
      body<{ total: number }>(
        await inject('GET', '/seller/email-marketing/subscribers', undefined, other),
      ).data.total,
    ).toBe(0);
    expect(
      (await inject('DELETE', `/seller/email-marketing/subscribers/${id}`, undefined, other))
        .statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/seller/email-marketing/subscribers/${id}`)).statusCode).toBe(
      200,
    );
    expect(
      body<{ total: number }>(await inject('GET', '/seller/email-marketing/subscribers?q=ann')).data
        .total,
    ).toBe(0);
  });

  it('explains a bad subscriber', async () => {
    const bad = await subscribe('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      message: 'Please enter a valid email address',
      errors: { email: ['Please enter a valid email address'] },
    });
    const phone = await subscribe('p@example.test', { phone: '555-0100' });
    expect(phone.statusCode).toBe(400);
    expect(body(phone).errors?.phone?.[0]).toContain('international format');
    const foreignStore = await inject(
      'POST',
      '/seller/email-marketing/subscribers',
      { store_id: storeId, email: 'x@example.test' },
      other,
    );
    expect(foreignStore.statusCode).toBe(404);
  });

  it('keeps email marketing from team members without update_campaign', async () => {
    const member = await createUser(t.app, { email: 'mk-member@example.test' });
    await grant(t.app, sellerId, member.id, ['get_campaigns']);
    const memberToken = await login(t.app, 'mk-member@example.test');
    const switched = body<{ access_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/switch-account',
        headers: bearer(memberToken),
        payload: { seller_id: sellerId },
      }),
    ).data.access_token;
    expect((await sync(switched)).statusCode).toBe(403);
    expect(
      (await inject('GET', '/seller/email-marketing/subscribers', undefined, switched)).statusCode,
    ).toBe(403);
  });

  it('hands the design tool a one-hour token signed with the shared secret', async () => {
    const response = await inject('GET', '/seller/get-pb-token');
    expect(response.statusCode).toBe(200);
    const data = body<{
      access_token: { token: string };
      domain_api: string;
      domain_iframe: string;
    }>(response).data;
    expect(data.domain_api).toBe(DESIGN_TOOL.apiUrl);
    expect(data.domain_iframe).toBe(DESIGN_TOOL.iframeUrl);
    const [header, payload, signature] = data.access_token.token.split('.');
    const expected = createHmac('sha256', DESIGN_TOOL.tokenSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'printloom',
      aud: 'https://pb-api.example.test',
      sub: `seller:${sellerId}`,
      seller_id: sellerId,
      store_ids: null,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
  });

  it('keeps the design tool from sellers without the personalised tag', async () => {
    const response = await inject('GET', '/seller/get-pb-token', undefined, other);
    expect(response.statusCode).toBe(403);
    expect(body(response).message).toBe('Personalised products are not enabled for this account.');
  });
});

describe('a server without a design tool', () => {
  it('answers 503 with a message instead of a token', async () => {
    const t = await createTestApp('pglite');
    try {
      await createUser(t.app, { email: 'pb@example.test', tags: ['personalized'] });
      const response = await t.app.inject({
        method: 'GET',
        url: '/seller/get-pb-token',
        headers: bearer(await login(t.app, 'pb@example.test')),
      });
      expect(response.statusCode).toBe(503);
      expect(body(response).message).toBe(
        'The personalisation design tool is not set up on this server.',
      );
    } finally {
      await t.close();
    }
  });
});

describe('Klaviyo keys saved before they were sealed', () => {
  it('are sealed at start and still work', async () => {
    const t = await createTestApp('pglite');
    try {
      const seller = await createUser(t.app, {
        email: 'legacy@example.test',
        tags: ['email marketing'],
      });
      const [store] = await t.app.db.query<{ id: number }>(
        "INSERT INTO stores (seller_id, name) VALUES ($1, 'Old') RETURNING id",
        [seller.id],
      );
      await t.app.db.query(
        "INSERT INTO klaviyo_settings (store_id, private_key, list_id) VALUES ($1, 'pk_plain_4321', 'L9')",
        [store?.id],
      );
      const box = createSecretBox('test-secret');
      expect(await sealPlainKlaviyoKeys(t.app.db, box)).toBe(1);
      expect(await sealPlainKlaviyoKeys(t.app.db, box)).toBe(0);
      const [row] = await t.app.db.query<{ private_key: string }>(
        'SELECT private_key FROM klaviyo_settings WHERE store_id = $1',
        [store?.id],
      );
      expect(box.open(row!.private_key, `klaviyo:${store?.id}`)).toBe('pk_plain_4321');
      const settings = body<{ private_key: { key: string } }>(
        await t.app.inject({
          method: 'GET',
          url: `/seller/stores/${store?.id}/klaviyo`,
          headers: bearer(await login(t.app, 'legacy@example.test')),
        }),
      ).data;
      expect(settings.private_key.key).toBe('*********4321');
    } finally {
      await t.close();
    }
  });
});
