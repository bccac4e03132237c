import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.js';
import type { FetchLike } from './clientTransport.js';
import { createLazyApiClient } from './lazyApiClient.js';
import { API, type ApiTable } from './routes/API.js';
import { API_GROUP_LOADERS, type GroupLoaders } from './routes/groupLoaders.js';

const BASE = 'http://api.test';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Seen {
  url: URL;
  method: string;
  body: unknown;
}

/** A fetch that records each request and answers with the next reply in line. */
function fakeFetch(...replies: (() => Response)[]) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    seen.push({ url: new URL(input), method: init.method ?? 'GET', body });
    const reply = replies.shift();
    if (!reply) throw new Error(`Unexpected request ${input}`);
    return reply();
  };
  return { fetch, seen };
}

/** The real loaders, counting which groups were asked for. */
function countingLoaders() {
  const loads: string[] = [];
  const loaders = Object.fromEntries(
    Object.entries(API_GROUP_LOADERS).map(([name, load]) => [
      name,
      () => {
        loads.push(name);
        return load();
      },
    ]),
  ) as unknown as GroupLoaders;
  return { loaders, loads };
}

function client(fetch: FetchLike, loaders: GroupLoaders = API_GROUP_LOADERS) {
  const unauthorized: ApiError[] = [];
  const api = createLazyApiClient(
    {
      baseUrl: `${BASE}/`,
      fetch,
      getToken: () => 'tok-1',
      onUnauthorized: (error) => unauthorized.push(error),
      sleep: async () => {},
    },
    loaders,
  );
  return { api, unauthorized };
}

describe('the lazy API client', () => {
  it('has a loader for every group of the table, answering that very group', async () => {
    const names = Object.keys(API) as (keyof ApiTable)[];
    expect(Object.keys(API_GROUP_LOADERS).sort()).toEqual([...names].sort());
    for (const name of names) expect(await API_GROUP_LOADERS[name]()).toBe(API[name]);
  });

  it('loads only the group it calls, once, and sends what the eager client sends', async () => {
    const { fetch, seen } = fakeFetch(
      () => json({ success: true, data: { access_token: 'abc' } }),
      () => json({ success: true, data: { access_token: 'def' } }),
    );
    const { loaders, loads } = countingLoaders();
    const { api } = client(fetch, loaders);
    expect(loads).toEqual([]);
    const body = { email: ' Demo@Printloom.test ', password: 'printloom-demo' };
    expect(await api.auth.sellerLogin({ body })).toEqual({ access_token: 'abc' });
    expect(await api.auth.sellerLogin({ body })).toEqual({ access_token: 'def' });
    expect(loads).toEqual(['auth']);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url.pathname).toBe('/auth/seller/login');
    expect(seen[0]?.body).toEqual({ email: 'demo@printloom.test', password: 'printloom-demo' });
  });

  it('throws the spec error of a failed answer and reports a 401 first', async () => {
    const { fetch } = fakeFetch(() =>
      json({ success: false, message: 'Session expired', errors: {} }, 401),
    );
    const { api, unauthorized } = client(fetch);
    const error = await api.shell.balance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(401);
    expect((error as ApiError).message).toBe('Session expired');
    expect(unauthorized).toHaveLength(1);
  });

  it('refuses bad input with the route schema before any request', async () => {
    const { fetch, seen } = fakeFetch();
    const { api } = client(fetch);
    const error = await api.auth
      .sellerLogin({ body: { email: 'not an email', password: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it('keeps the named helpers of a group: a refused switch is reported, not thrown', async () => {
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

  it('uploads through a signed address like the eager client', async () => {
    const { fetch, seen } = fakeFetch(
      () =>
        json({
          success: true,
          data: {
            filePath: 'p/12/5_1.jpg',
            preSignedUrl: '/blob/p/12/5_1.jpg?sig=1',
            fileUrl: `${BASE}/blob/p/12/5_1.jpg`,
          },
        }),
      () => new Response(null, { status: 200 }),
    );
    const { api } = client(fetch);
    const answer = await api.uploads.uploadMockup({
      campaignId: 12,
      mockupId: 5,
      timestamp: 1,
      file: new Uint8Array([1]),
    });
    expect(answer.filePath).toBe('p/12/5_1.jpg');
    expect(seen.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /pre-signed-url',
      'PUT /blob/p/12/5_1.jpg',
    ]);
  });

  it('tries a group again after its chunk failed to load', async () => {
    let failNext = true;
    const loaders = {
      ...API_GROUP_LOADERS,
      shell: async () => {
        if (failNext) {
          failNext = false;
          throw new TypeError('Failed to fetch dynamically imported module');
        }
        return API.shell;
      },
    } as GroupLoaders;
    const { fetch } = fakeFetch(() => json({ success: true, data: { last_update: '2026-11-27' } }));
    const { api } = client(fetch, loaders);
    await expect(api.shell.version()).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(await api.shell.version()).toEqual({ last_update: '2026-11-27' });
  });

  it('answers image addresses at once, without loading anything', () => {
    const { fetch } = fakeFetch();
    const { loaders, loads } = countingLoaders();
    const { api } = client(fetch, loaders);
    expect(api.images.url('https://cdn.example/a.png', { w: 64 })).toBe(
      `${BASE}/img?url=https%3A%2F%2Fcdn.example%2Fa.png&w=64`,
    );
    expect(loads).toEqual([]);
  });
});
