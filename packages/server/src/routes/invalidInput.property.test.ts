import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestApp } from '../../test/helpers.js';

interface RouteRef {
  method: string;
  url: string;
}

const json = fc.jsonValue({ maxDepth: 3 });
/** Bodies a client could send by mistake or malice: any JSON, wrong types for known fields. */
const badBody = fc.oneof(
  json,
  fc.record(
    {
      id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      ids: fc.oneof(fc.array(fc.oneof(fc.string(), fc.integer({ min: -5, max: 0 }))), fc.string()),
      email: fc.oneof(fc.string(), fc.integer()),
      password: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
      leaseToken: fc.oneof(fc.string(), fc.constant('')),
      designs: fc.oneof(fc.string(), fc.array(json, { maxLength: 3 })),
      notification_ids: fc.array(fc.integer()),
      action: fc.integer(),
      fileName: fc.oneof(fc.constant('../../etc/passwd'), fc.string()),
      filePath: fc.oneof(fc.constant('/abs'), fc.constant('..'), fc.string()),
    },
    { requiredKeys: [] },
  ),
);
const badQuery = fc.dictionary(
  fc.constantFrom(
    'page',
    'per_page',
    'take',
    'type',
    'order_by',
    'time',
    'from',
    'to',
    'q',
    'status',
    'template_ids',
    'sessionId',
    'url',
    'w',
  ),
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('-1', '0', '1e9', 'NaN', 'id:drop', 'http://127.0.0.1/'),
  ),
);
const badParam = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1.5', '99999999999999999999', '%00'),
  fc.nat().map(String),
);

describe('invalid input never causes a server error', () => {
  let t: TestApp;
  let routes: RouteRef[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await createUser(t.app, { email: 'fuzz@example.test' });
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })),
    );
    routes.push(
      { method: 'PUT', url: '/blob/s1/p/x.png' },
      { method: 'GET', url: '/files/s1/../../x' },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  // Twelve requests on each of 300-odd routes: a minute or two on a busy machine.
  it('answers 4xx (or 2xx) to generated bodies, queries and ids on every route', {
    timeout: 300_000,
  }, async () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      if (route.url.startsWith('/api/docs')) continue;
      const token = await login(t.app, 'fuzz@example.test');
      await fc.assert(
        fc.asyncProperty(badBody, badQuery, badParam, async (payload, query, param) => {
          const url = route.url.replace(/\{[^}]+\}|:[A-Za-z_]+/g, encodeURIComponent(param));
          const withBody = route.method !== 'GET' && route.method !== 'HEAD';
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            query: query as Record<string, string>,
            headers: bearer(token),
            ...(withBody ? { payload: payload as object } : {}),
          });
          if (response.statusCode >= 500) {
            throw new Error(`${route.method} ${url} → ${response.statusCode} ${response.body}`);
          }
        }),
        { numRuns: 12, seed: 4242 },
      );
    }
  });
});
