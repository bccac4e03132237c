import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.js';
import { createApiClient, type FetchLike } from './createApiClient.js';
import { API, pathWith, routeList } from './routes/API.js';
import { socialStartLink } from './socialLinks.js';

interface Seen {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = (request: Seen) => Response | Promise<Response>;

const BASE = 'http://api.test';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that records each request and answers with the next reply in line. */
function fakeFetch(...replies: Reply[]) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    let body: unknown = init.body;
    if (typeof init.body === 'string' && headers['content-type'] === 'application/json') {
      body = JSON.parse(init.body);
    }
    const request: Seen = { url: new URL(input), method: init.method ?? 'GET', headers, body };
    seen.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error(`Unexpected request ${request.method} ${input}`);
    return reply(request);
  };
  return { fetch, seen };
}

function client(fetch: FetchLike, token: string | null = 'tok-1') {
  const unauthorized: ApiError[] = [];
  const slept: number[] = [];
  const api = createApiClient({
    baseUrl: `${BASE}/`,
    fetch,
    getToken: () => token,
    onUnauthorized: (error) => unauthorized.push(error),
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { api, unauthorized, slept };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

describe('requests', () => {
  it('logs in with a JSON body and returns the access token', async () => {
    const { fetch, seen } = fakeFetch(() => json({ success: true, data: { access_token: 'abc' } }));
    const { api } = client(fetch, null);
    const answer = await api.auth.sellerLogin({
      body: { email: ' Demo@Printloom.test ', password: 'printloom-demo' },
    });
    expect(answer).toEqual({ access_token: 'abc' });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/auth/seller/login');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ email: 'demo@printloom.test', password: 'printloom-demo' });
  });

  it('reads the two-factor answer of a login', async () => {
    const { fetch } = fakeFetch(() =>
      json({ success: true, data: { tfa_required: true, tfa_token: 't' } }),
    );
    const { api } = client(fetch);
    expect(await api.auth.adminLogin({ body: { email: 'd@x.io', password: 'p' } })).toEqual({
      tfa_required: true,
      tfa_token: 't',
    });
  });

  it('sends the bearer token and fills path parameters', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        success: true,
        data: {
          id: 7,
          subject: 'Hi',
          message: '<p>x</p>',
          created_at: '2026-11-01T00:00:00Z',
        },
      }),
    );
    const { api } = client(fetch);
    const notification = await api.shell.notification({ params: { id: 7 } });
    expect(seen[0]?.url.pathname).toBe('/seller/notifications/7');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(seen[0]?.headers['x-requested-with']).toBe('printloom');
    expect(notification.is_new).toBe(false);
  });

  it('puts the campaign list defaults of the spec in the query string', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        success: true,
        data: {
          data: [{ id: 1, name: 'Cats' }],
          total: 1,
          per_page: 15,
          current_page: 1,
          last_page: 1,
          from: 1,
          to: 1,
        },
      }),
    );
    const { api } = client(fetch);
    const page = await api.campaigns.list({ query: { q: 'cat' } });
    const query = seen[0]?.url.searchParams;
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url.pathname).toBe('/seller/campaign');
    expect(query?.get('q')).toBe('cat');
    expect(query?.get('page')).toBe('1');
    expect(query?.get('per_page')).toBe('15');
    expect(query?.get('product_type')).toBe('campaign,campaign_express,campaign_template');
    expect(query?.get('order_by')).toBe('id:desc');
    expect(query?.has('status')).toBe(false);
    expect(seen[0]?.body).toBeUndefined();
    expect(page.data[0]?.products).toEqual([]);
  });

  it('claims pending multi-space rows with type and take', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        success: true,
        data: [
          {
            id: 3,
            template_campaign_id: 9,
            designs: '[{"new_url":"https://x/a.png","print_space":"front"}]',
            lease_token: 'lease-3',
          },
        ],
      }),
    );
    const { api } = client(fetch);
    const rows = await api.bulkV3.pending({ query: { take: 4 } });
    expect(seen[0]?.url.pathname).toBe('/seller/campaign/bulk-v3/pending');
    expect(seen[0]?.url.search).toBe('?type=regular_multi_space&take=4');
    expect(rows[0]?.lease_token).toBe('lease-3');
  });

  it('asks for the next regular job with who is asking', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        success: true,
        data: { reload: false, pending: false, created: false, reason: 'limit_campaign_per_day' },
      }),
    );
    const { api } = client(fetch);
    const answer = await api.bulkRegular.nextJob({
      query: { deviceId: 'd1', sessionId: 's1', ipAddress: '1.2.3.4', processId: 'p1' },
    });
    expect(seen[0]?.url.pathname).toBe('/seller/campaign/bulk/next-job');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({
      deviceId: 'd1',
      sessionId: 's1',
      ipAddress: '1.2.3.4',
      processId: 'p1',
    });
    expect(answer.reason).toBe('limit_campaign_per_day');
    expect(answer.job).toBeNull();
  });

  it('saves a processed row with its lease token', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ success: true, data: { id: 3, status: 'completed', campaign_id: 40 } }),
    );
    const { api } = client(fetch);
    const body = {
      id: 3,
      designs: [
        { print_space: 'front', product_id: 5, file_url: 'd/a.png', option: 'print' as const },
      ],
      designs3D: [{ file_url: 'p/40/1_1.jpg', mockup_id: 1, product_id: 5, print_space: 'front' }],
      deviceId: 'd',
      sessionId: 's',
      ipAddress: '',
      leaseToken: 'lease-3',
    };
    const answer = await api.bulkV3.saveProcessedRow({ body });
    expect(seen[0]?.url.pathname).toBe('/seller/campaign/bulk-v3/save-processed-row');
    expect(seen[0]?.body).toEqual(body);
    expect(answer.campaign_id).toBe(40);
  });

  it('sends save-designs with storage s3', async () => {
    const { fetch, seen } = fakeFetch(() => json({ success: true, data: null }));
    const { api } = client(fetch);
    await api.bulkRegular.saveDesigns({
      body: { data: {}, campaignId: 4, storage: 's3', bulk_id: 2 },
    });
    expect(seen[0]?.url.pathname).toBe('/seller/campaign/bulk/save-designs');
    expect(seen[0]?.body).toEqual({
      data: { designs: [], mockups: [] },
      campaignId: 4,
      storage: 's3',
      bulk_id: 2,
    });
  });

  it('marks notifications read with PUT and POST', async () => {
    const { fetch, seen } = fakeFetch(
      () => json({ success: true, data: { updated: 4 } }),
      () => json({ success: true, data: { updated: 2 } }),
    );
    const { api } = client(fetch);
    expect((await api.shell.markAllNotificationsRead()).updated).toBe(4);
    await api.shell.notificationsReadStatus({ body: { notification_ids: [1, 2], action: 2 } });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'PUT /seller/notifications/mark_all_as_read',
      'POST /seller/notifications/read-status',
    ]);
    expect(seen[1]?.body).toEqual({ notification_ids: [1, 2], action: 2 });
  });

  it('reads the version and the SMS credits', async () => {
    const { fetch } = fakeFetch(
      () => json({ success: true, data: { last_update: '2026-11-20 10:00:00' } }),
      () => json({ success: true, data: { user_info: { sms_credit: 12.5 } } }),
    );
    const { api } = client(fetch);
    expect((await api.shell.version()).last_update).toBe('2026-11-20 10:00:00');
    const balance = await api.shell.balance();
    expect(balance.user_info.sms_credit).toBe(12.5);
    expect(balance.user_info.balance_2).toBe(0);
  });
});

describe('errors (spec §8)', () => {
  it('takes the first message of errors and keeps the field errors', async () => {
    const { fetch } = fakeFetch(() =>
      json(
        {
          success: false,
          message: 'The given data was invalid.',
          errors: { phone: ['The phone is too short', 'second'], facebook: ['bad'] },
        },
        422,
      ),
    );
    const { api } = client(fetch);
    const error = await caught(api.campaigns.get({ params: { id: 1 } }));
    expect(error.message).toBe('The phone is too short');
    expect(error.statusCode).toBe(422);
    expect(error.errors?.facebook).toEqual(['bad']);
  });

  it('falls back to the message, then to the plain HTTP error', async () => {
    const { fetch } = fakeFetch(
      () => json({ success: false, message: 'Campaign not found' }, 404),
      () => new Response('<html>oops</html>', { status: 503 }),
    );
    const { api } = client(fetch);
    const notFound = await caught(api.campaigns.get({ params: { id: 99 } }));
    expect([notFound.message, notFound.statusCode]).toEqual(['Campaign not found', 404]);
    const down = await caught(api.campaigns.get({ params: { id: 99 } }));
    expect([down.message, down.statusCode]).toEqual(['Request failed with status code 503', 503]);
  });

  it('raises a network failure with its message and status 500', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const { api } = client(fetch);
    const error = await caught(api.shell.version());
    expect([error.message, error.statusCode]).toEqual(['fetch failed', 500]);
  });

  it('tells the app about a 401 before throwing', async () => {
    const { fetch } = fakeFetch(() => json({ success: false, message: 'Unauthenticated.' }, 401));
    const { api, unauthorized } = client(fetch);
    const error = await caught(api.auth.me());
    expect(error.statusCode).toBe(401);
    expect(unauthorized.map((e) => e.message)).toEqual(['Unauthenticated.']);
  });

  it('refuses an answer that does not match its schema', async () => {
    const { fetch } = fakeFetch(() => json({ success: true, data: { last_update: 5 } }));
    const { api } = client(fetch);
    const error = await caught(api.shell.version());
    expect(error.statusCode).toBe(502);
    expect(Object.keys(error.errors ?? {})).toEqual(['data.last_update']);
  });

  it('rejects bad input with field errors without calling the server', async () => {
    const { fetch, seen } = fakeFetch();
    const { api } = client(fetch);
    const error = await caught(
      api.bulkV3.markRowInvalid({
        body: { id: 0, message: 'Design url is invalid', leaseToken: '' },
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['id', 'leaseToken']);
    expect(error.message).toBe('Too small: expected number to be >0');
    expect(seen).toHaveLength(0);
  });
});

describe('switch account (spec §4)', () => {
  it('returns the new token', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ success: true, message: 'Switched', data: { access_token: 'seller-2' } }),
    );
    const { api } = client(fetch);
    expect(await api.team.switchAccount({ seller_id: 2 })).toEqual({
      ok: true,
      access_token: 'seller-2',
      message: 'Switched',
      fta_diff: false,
    });
    expect(seen[0]?.body).toEqual({ seller_id: 2 });
  });

  it('reports fta_diff and the server message on a refusal', async () => {
    const { fetch } = fakeFetch(() =>
      json({ success: false, message: 'Enable 2FA first', customPayload: { fta_diff: true } }, 403),
    );
    const { api } = client(fetch);
    expect(await api.team.switchAccount({ seller_id: 2 })).toEqual({
      ok: false,
      message: 'Enable 2FA first',
      statusCode: 403,
      fta_diff: true,
    });
  });

  it('uses the spec messages when the server gives none', async () => {
    const { fetch } = fakeFetch(
      () => new Response('', { status: 500 }),
      () => new Response('', { status: 500 }),
    );
    const { api } = client(fetch);
    const switched = await api.team.switchAccount({ seller_id: 2 });
    expect(switched.ok ? '' : switched.message).toBe('Cannot switch to new account.');
    const back = await api.team.switchBackAccount();
    expect(back.ok ? '' : back.message).toBe('Cannot switch to main account. Please try again!');
  });
});

describe('upload (spec §4, §7)', () => {
  const signed = (n: number) =>
    json({
      success: true,
      data: {
        filePath: `p/12/5_1700000000000.jpg`,
        preSignedUrl: `/blob/p/12/5_1700000000000.jpg?sig=${n}`,
        fileUrl: `${BASE}/blob/p/12/5_1700000000000.jpg`,
      },
    });

  it('puts the file with its content type to the signed address', async () => {
    const { fetch, seen } = fakeFetch(
      () => signed(1),
      () => new Response(null, { status: 200 }),
    );
    const { api } = client(fetch);
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = await api.uploads.uploadMockup({
      campaignId: 12,
      mockupId: 5,
      timestamp: 1700000000000,
      file: bytes,
    });
    expect(answer.filePath).toBe('p/12/5_1700000000000.jpg');
    expect(seen[0]?.url.pathname).toBe('/pre-signed-url');
    expect(seen[0]?.body).toEqual({
      fileName: '5_1700000000000.jpg',
      filePath: 'p/12',
      contentType: 'image/jpeg',
    });
    expect(seen[1]?.method).toBe('PUT');
    expect(seen[1]?.url.href).toBe(`${BASE}/blob/p/12/5_1700000000000.jpg?sig=1`);
    expect(seen[1]?.headers['content-type']).toBe('image/jpeg');
    expect(seen[1]?.headers.authorization).toBeUndefined();
    expect(seen[1]?.headers['x-requested-with']).toBeUndefined();
    expect(seen[1]?.body).toBe(bytes);
  });

  it('tries again after a failed PUT and a failed signing, and succeeds on the third try', async () => {
    const { fetch, seen } = fakeFetch(
      () => signed(1),
      () => new Response(null, { status: 500 }),
      () => json({ success: false, message: 'busy' }, 503),
      () => signed(3),
      () => new Response(null, { status: 200 }),
    );
    const { api, slept } = client(fetch);
    const file = new Blob(['png'], { type: 'image/png' });
    const answer = await api.uploads.uploadFile({ file, fileName: 'a.png', filePath: 'designs' });
    expect(answer.fileUrl).toBe(`${BASE}/blob/p/12/5_1700000000000.jpg`);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'POST', 'POST', 'PUT']);
    expect(seen[4]?.headers['content-type']).toBe('image/png');
    expect(slept).toEqual([500, 1000]);
  });

  it("gives up after 3 attempts with 'Upload file failed'", async () => {
    const { fetch, seen } = fakeFetch(
      () => signed(1),
      () => new Response(null, { status: 403 }),
      () => signed(2),
      () => new Response(null, { status: 201 }),
      () => signed(3),
      () => new Response(null, { status: 403 }),
    );
    const { api } = client(fetch);
    const error = await caught(
      api.uploads.uploadFile({
        file: new Uint8Array([1]),
        fileName: 'a.bin',
        contentType: 'image/png',
      }),
    );
    expect(error.message).toBe('Upload file failed');
    expect(error.statusCode).toBe(403);
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(3);
  });

  it('waits longer before each new attempt (timers faked)', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, seen } = fakeFetch(
        () => signed(1),
        () => new Response(null, { status: 503 }),
        () => signed(2),
        () => new Response(null, { status: 503 }),
        () => signed(3),
        () => new Response(null, { status: 200 }),
      );
      // The client's own sleep: the shared timer clock, on the faked timers.
      const api = createApiClient({ baseUrl: BASE, fetch });
      const upload = api.uploads.uploadFile({ file: new Uint8Array([1]), fileName: 'a.png' });
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(499);
      expect(seen).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(4);
      await vi.advanceTimersByTimeAsync(999);
      expect(seen).toHaveLength(4);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(6);
      expect((await upload).filePath).toBe('p/12/5_1700000000000.jpg');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a file name holding a folder before any request', async () => {
    const { fetch, seen } = fakeFetch();
    const { api } = client(fetch);
    const error = await caught(
      api.uploads.uploadFile({ file: new Uint8Array([1]), fileName: '../x' }),
    );
    expect(error.errors?.fileName).toEqual(['fileName must not hold a folder']);
    expect(seen).toHaveLength(0);
  });

  it('posts multipart form data to /upload', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ success: true, data: { filePath: 'u/a.png', fileUrl: `${BASE}/blob/u/a.png` } }),
    );
    const { api } = client(fetch);
    await api.uploads.upload({
      file: new Blob(['x'], { type: 'image/png' }),
      fileName: 'a.png',
      type: 'design',
      id: '4',
    });
    const form = seen[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    const data = form as FormData;
    expect(data.get('type')).toBe('design');
    expect(data.get('id')).toBe('4');
    expect((data.get('file') as File).name).toBe('a.png');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });
});

describe('image proxy address', () => {
  it('proxies external images and leaves local ones alone', () => {
    const { api } = client(fakeFetch().fetch);
    expect(api.images.url('https://cdn.x/a.png', { w: 160, h: 200 })).toBe(
      `${BASE}/img?url=https%3A%2F%2Fcdn.x%2Fa.png&w=160&h=200`,
    );
    expect(api.images.url('http://localhost:3000/a.png', { w: 10 })).toBe(
      'http://localhost:3000/a.png',
    );
    expect(api.images.url('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
  });
});

describe('seller survey (spec §5)', () => {
  it('posts the answers and refuses a bad Facebook URL before sending', async () => {
    const { fetch, seen } = fakeFetch(() => json({ success: true, data: null }));
    const { api } = client(fetch);
    await api.shell.survey({
      body: { sale_volume: '150 - 300', facebook: 'https://facebook.com/shop' },
    });
    expect(seen[0]?.url.pathname).toBe('/seller/survey');
    expect(seen[0]?.body).toEqual({
      sale_volume: '150 - 300',
      facebook: 'https://facebook.com/shop',
    });
    const error = await caught(
      api.shell.survey({
        body: { sale_volume: '150 - 300', facebook: 'https://example.com/shop' },
      }),
    );
    expect(error.errors?.facebook).toEqual(['Please enter a valid Facebook URL!']);
    expect(seen).toHaveLength(1);
  });
});

describe('store-level calls (spec §7)', () => {
  it('manages email senders with GET, POST, PATCH and DELETE', async () => {
    const sender = { id: 4, store_domain_id: 2, username: 'hello', name: 'Shop' };
    const { fetch, seen } = fakeFetch(
      () =>
        json({
          success: true,
          data: {
            data: [sender],
            total: 1,
            per_page: 15,
            current_page: 1,
            last_page: 1,
            from: 1,
            to: 1,
          },
        }),
      () => json({ success: true, data: sender }),
      () => json({ success: true, data: sender }),
      () => json({ success: true, data: null }),
      () => json({ success: true, data: { id: 4, status: 'verified' } }),
    );
    const { api } = client(fetch);
    await api.emailSenders.list();
    await api.emailSenders.create({
      body: { store_domain_id: 2, username: 'hello', name: 'Shop' },
    });
    await api.emailSenders.update({
      params: { id: 4 },
      body: { store_domain_id: 2, username: 'hi', name: 'Shop' },
    });
    await api.emailSenders.remove({ params: { id: 4 } });
    expect((await api.emailSenders.status({ params: { id: 4 } })).status).toBe('verified');
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /seller/email-marketing/senders?page=1&per_page=15',
      'POST /seller/email-marketing/senders',
      'PATCH /seller/email-marketing/senders/4',
      'DELETE /seller/email-marketing/senders/4',
      'GET /seller/email-marketing/senders/4/status',
    ]);
  });

  it('reads the extra print cost of each product', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ success: true, data: [{ id: 5, extra_print_cost: 2.5 }] }),
    );
    const { api } = client(fetch);
    const costs = await api.storeSettings.calcExtraPrintCost({
      body: { products: [{ id: 5, template_id: 10, print_spaces: ['front', 'back'] }] },
    });
    expect(costs).toEqual([{ id: 5, extra_print_cost: 2.5 }]);
    expect(seen[0]?.url.pathname).toBe('/seller/campaign/calc-extra-print-cost-products');
  });

  it('reads and saves Klaviyo settings of a store', async () => {
    const settings = { store_id: 3, private_key: { key: 'pk_***' }, list_id: 'L1' };
    const { fetch, seen } = fakeFetch(
      () => json({ success: true, data: settings }),
      () => json({ success: true, data: settings }),
      () =>
        json({
          success: true,
          data: { store_id: 3, sent: 2, remaining: 0, job_id: 'J1', message: 'Sent 2 profiles' },
        }),
    );
    const { api } = client(fetch);
    const store = { storeId: 3 };
    expect((await api.marketing.klaviyoSettings({ params: store })).private_key?.key).toBe(
      'pk_***',
    );
    await api.marketing.updateKlaviyoSettings({
      params: store,
      body: { private_key: 'pk_1', list_id: 'L1' },
    });
    expect((await api.marketing.syncKlaviyoProfiles({ params: store })).sent).toBe(2);
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'GET /seller/stores/3/klaviyo',
      'PUT /seller/stores/3/klaviyo',
      'POST /seller/stores/3/klaviyo/sync-profiles',
    ]);
  });

  it('reads the plain-text trace of the own host', async () => {
    const { fetch, seen } = fakeFetch(
      () => new Response('fl=printloom\nip=203.0.113.9\nloc=DE\n', { status: 200 }),
    );
    const { api } = client(fetch);
    expect(await api.clientInfo.trace()).toMatchObject({ ip: '203.0.113.9', loc: 'DE' });
    expect(seen[0]?.url.pathname).toBe('/cdn-cgi/trace');
  });

  it('lists, adds and removes email subscribers', async () => {
    const subscriber = {
      id: 7,
      store_id: 3,
      email: 'ann@example.test',
      first_name: 'Ann',
      last_name: null,
      phone: null,
      created_at: '2026-11-01T00:00:00.000Z',
      klaviyo_synced_at: null,
    };
    const page = {
      data: [subscriber],
      total: 1,
      per_page: 15,
      current_page: 1,
      last_page: 1,
      from: 1,
      to: 1,
    };
    const { fetch, seen } = fakeFetch(
      () => json({ success: true, data: page }),
      () => json({ success: true, data: subscriber }),
      () => json({ success: true, data: null }),
    );
    const { api } = client(fetch);
    expect(
      (await api.marketing.subscribers({ query: { store_id: 3, q: 'ann' } })).data[0]?.email,
    ).toBe('ann@example.test');
    await api.marketing.addSubscriber({
      body: { store_id: 3, email: ' Ann@Example.test ', first_name: 'Ann' },
    });
    await api.marketing.removeSubscriber({ params: { id: 7 } });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /seller/email-marketing/subscribers?store_id=3&q=ann&page=1&per_page=15',
      'POST /seller/email-marketing/subscribers',
      'DELETE /seller/email-marketing/subscribers/7',
    ]);
    expect(seen[1]?.body).toMatchObject({ email: 'ann@example.test' });
  });
});

describe('social sign-in (issue 15)', () => {
  it('builds the address a browser opens to sign in or link with a provider', () => {
    const api = createApiClient({ baseUrl: BASE, fetch: fakeFetch().fetch });
    expect(api.social.startUrl('google')).toBe(`${BASE}/auth/social/google/start?intent=login`);
    expect(api.social.startUrl('facebook', 'link')).toBe(
      `${BASE}/auth/social/facebook/start?intent=link`,
    );
    // The dashboard builds it without the route table: the same address as the route's.
    expect(socialStartLink('', 'google')).toBe(
      `${pathWith(API.social.start.path, { provider: 'google' })}?intent=login`,
    );
  });
});

describe('coverage of the API paths', () => {
  it('has a call for every route of the table', () => {
    const api = createApiClient({ baseUrl: BASE, fetch: fakeFetch().fetch });
    // Routes that are not plain JSON calls are reached through a named helper instead.
    const helpers: Record<string, string> = {
      'uploads.blobPut': 'uploadFile',
      'uploads.blobGet': 'uploadFile',
      'images.proxy': 'url',
      'money.exportTransactions': 'exportTransactionsUrl',
      'emailSubscribers.exportCsv': 'exportCsvUrl',
      'social.start': 'startUrl',
    };
    // The buyer's pages, sitemaps, robots.txt and script are read by browsers and crawlers,
    // product feeds by Google and Facebook, a campaign mail's links by its reader's mail client.
    const forBrowsers = (group: string, contract: { answer?: object }) =>
      (group === 'storefront' ||
        group === 'paypalCheckout' ||
        group === 'stripeCheckout' ||
        group === 'socialFeeds' ||
        group === 'emailTracking') &&
      contract.answer !== undefined;
    // Called by payment providers, never by a Printloom client; the sign-in providers send the
    // browser to the social callback; Facebook posts data deletion requests, and the person
    // reads their status page in a browser.
    const byProviders = new Set([
      'storefront.stripeWebhook',
      'paypalCheckout.webhook',
      'social.callback',
      'social.facebookDeletion',
      'social.facebookDeletionStatus',
    ]);
    const missing = routeList(API).filter(({ group, name, contract }) => {
      if (forBrowsers(group, contract) || byProviders.has(`${group}.${name}`)) return false;
      const calls = api[group as keyof typeof api] as Record<string, unknown>;
      const call = calls[helpers[`${group}.${name}`] ?? name];
      return typeof call !== 'function';
    });
    expect(missing).toEqual([]);
  });

  it('calls fetch as a plain function, as a browser fetch requires', async () => {
    let receiver: unknown = 'unset';
    const fetch: FetchLike = async function (this: unknown) {
      receiver = this;
      return json({ success: true, data: { last_update: 'v' } });
    };
    await createApiClient({ baseUrl: BASE, fetch }).shell.version();
    expect(receiver).toBeUndefined();
  });
});

describe('bot check (spec §5, §7)', () => {
  it('sends a solved check as X-Bot-Check, and nothing when there is none', async () => {
    const { fetch, seen } = fakeFetch(
      () => json({ success: true, data: null, message: 'sent' }),
      () => json({ success: true, data: null, message: 'sent' }),
    );
    const { api } = client(fetch, null);
    await api.auth.forgotPassword({ body: { email: 'a@example.test' }, botCheck: 'solution-1' });
    await api.auth.forgotPassword({ body: { email: 'a@example.test' } });
    expect(seen[0]?.headers['x-bot-check']).toBe('solution-1');
    expect(seen[1]?.headers['x-bot-check']).toBeUndefined();
  });

  it('spends the check of an anonymous upload on its first attempt only', async () => {
    const { fetch, seen } = fakeFetch(
      () => json({ success: false, message: 'Upload failed' }, 500),
      () =>
        json({ success: true, data: { preSignedUrl: '/blob/x', filePath: 'x', fileUrl: '/f/x' } }),
      () => new Response('{}', { status: 200 }),
    );
    const { api } = client(fetch, null);
    await api.uploads.uploadFile({
      file: new Blob(['x'], { type: 'image/png' }),
      fileName: 'a.png',
      public: true,
      botCheck: 'solution-2',
    });
    expect(seen[0]?.headers['x-bot-check']).toBe('solution-2');
    expect(seen[1]?.headers['x-bot-check']).toBeUndefined();
  });
});
