import { API, type RouteContract, routeList } from '@printloom/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { leavesOf, sampleOf, withLeaf } from '../../test/sampleOf.js';
import { MESSAGES } from './errors.js';

/** Ids are PostgreSQL bigints: anything from 2^63 up cannot be one. */
const tooLarge = fc.bigInt({ min: 2n ** 63n, max: 2n ** 80n });
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\u0000${after}`);
/** Worker identities are names, not ids; an outside system's order reference is free text. */
const NOT_IDS = new Set(['deviceId', 'sessionId', 'processId', 'external_id']);
/** Bodies whose fields depend on each other, which a sample from the JSON Schema cannot know. */
const ARTWORK_FIELDS = [
  {
    kind: 'text',
    layer_id: 'name',
    label: 'Your name',
    max_length: 12,
    font_ids: [1],
    colors: ['#112233'],
  },
  { kind: 'clipart', layer_id: 'pet', label: 'Your pet', group_id: 1 },
];

const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /seller/personalized/artworks': {
    campaign_id: 1,
    print_space: 'front',
    fields: ARTWORK_FIELDS,
  },
  'PUT /seller/personalized/artworks/:id': { fields: ARTWORK_FIELDS },
  'PUT /seller/abandoned-orders/settings': {
    enabled: true,
    delay1_minutes: 60,
    delay2_minutes: 1440,
    delay3_minutes: 4320,
  },
  'POST /seller/domains': { store_id: 1, hostname: 'shop.example.com' },
  // PayPal's webhook ids are letters and digits.
  'PUT /seller/payment-gateways/:id/webhook-id': { webhook_id: 'WH4F2A61B9C0D7E3' },
  // A SHA-256 in hex, as the seller center's nonce step names it.
  'POST /auth/callback/handover': { nonce_hash: 'a'.repeat(64) },
  'POST /seller/payment-gateways': {
    provider: 'stripe',
    name: 'Stripe',
    publishable_key: 'pk_test_12345678',
    secret_key: 'sk_test_12345678',
    webhook_secret: 'whsec_12345678',
  },
  // A documentation address: refused as private before any call leaves the server.
  'POST /seller/shop-connections/woocommerce': {
    shop_url: 'https://192.0.2.10/shop',
    consumer_key: 'ck_0123456789',
    consumer_secret: 'cs_0123456789',
  },
  'POST /seller/custom-mockups': {
    name: 'Tee',
    file_url: 'custom-mockups/tee.jpg',
    width: 1200,
    height: 900,
    print_area: { x: 100, y: 100, width: 400, height: 500 },
  },
  // A hold names one entry or one order, not both and not neither.
  'POST /admin/sellers/:sellerId/ledger-holds': { entry_id: 1, reason: 'Chargeback review' },
  'POST /admin/sellers/:sellerId/ledger-releases': { entry_id: 1, reason: 'Review closed' },
  'PUT /seller/custom-mockups/:id': {
    name: 'Tee',
    file_url: 'custom-mockups/tee.jpg',
    width: 1200,
    height: 900,
    print_area: { x: 100, y: 100, width: 400, height: 500 },
  },
};
const isIdKey = (key: string | number | undefined) =>
  typeof key === 'string' && /^(id|ids|.+_ids?|.+Id)$/.test(key) && !NOT_IDS.has(key);

interface Inputs {
  body: unknown;
  query: Record<string, unknown> | undefined;
}

/** A request each route accepts as far as its schemas go, to vary one field of at a time. */
function validInputs(contract: RouteContract): Inputs {
  const json = (contract.bodyKind ?? 'json') === 'json';
  const where = `${contract.method} ${contract.path}`;
  const sample =
    contract.body && json ? (SAMPLE_BODIES[where] ?? sampleOf(contract.body)) : undefined;
  const query = contract.query ? (sampleOf(contract.query) as Record<string, unknown>) : undefined;
  if (contract.body && json) {
    const parsed = contract.body.safeParse(sample);
    expect(parsed.success, `${where} body ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
  if (contract.query) {
    const parsed = contract.query.safeParse(query);
    expect(parsed.success, `${where} query ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
  return { body: sample, query };
}

const urlOf = (contract: RouteContract, param = '1') =>
  contract.path
    .replace(/:[A-Za-z_]+/g, encodeURIComponent(param))
    .replace(/\*$/, `s1/${encodeURIComponent(param)}.png`);

describe('NUL characters and ids beyond a bigint, on every route of the table', () => {
  let t: TestApp;
  let token: string;
  const routes = routeList(API);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await createUser(t.app, {
      email: 'text@example.test',
      tags: ['beta', 'email marketing', 'pb', 'personalized', 'pricing'],
    });
    token = await login(t.app, 'text@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (contract: RouteContract, url: string, inputs: Inputs, rawBody?: string) =>
    t.app.inject({
      method: contract.method,
      url,
      headers: {
        ...bearer(token),
        ...(rawBody !== undefined || inputs.body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
      },
      query: inputs.query as Record<string, string> | undefined,
      ...(rawBody !== undefined
        ? { payload: rawBody }
        : inputs.body !== undefined
          ? { payload: JSON.stringify(inputs.body) }
          : {}),
    });

  it('refuses a NUL in any text field of any route with 400 and the field', async () => {
    let checked = 0;
    for (const { group, name, contract } of routes) {
      const inputs = validInputs(contract);
      const fields = [
        ...leavesOf(inputs.body)
          .filter((leaf) => typeof leaf.value === 'string')
          .map((leaf) => ({ part: 'body' as const, path: leaf.path })),
        ...leavesOf(inputs.query).map((leaf) => ({ part: 'query' as const, path: leaf.path })),
        ...(/[:*]/.test(contract.path) ? [{ part: 'params' as const, path: [] }] : []),
      ];
      if (fields.length === 0) continue;
      checked += 1;
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: fields.length - 1 }), withNul, async (pick, text) => {
          const field = fields[pick]!;
          const response = await send(
            contract,
            field.part === 'params' ? urlOf(contract, text) : urlOf(contract),
            {
              body: field.part === 'body' ? withLeaf(inputs.body, field.path, text) : inputs.body,
              query:
                field.part === 'query'
                  ? (withLeaf(inputs.query, field.path, text) as Record<string, unknown>)
                  : inputs.query,
            },
          );
          const where = `${group}.${name} ${field.part} ${field.path.join('.')}`;
          expect(response.statusCode, where).toBe(400);
          expect(body(response).message, where).toBe(MESSAGES.nulText);
          if (field.part !== 'params') {
            expect(Object.keys(body(response).errors ?? {}), where).toEqual([field.path.join('.')]);
          }
        }),
        { numRuns: 4, seed: 2026 },
      );
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses an id of 2^63 or more in a path, a query or a body with 400 and a message', async () => {
    let checked = 0;
    for (const { group, name, contract } of routes) {
      const inputs = validInputs(contract);
      const fields = [
        ...leavesOf(inputs.body)
          .filter((leaf) => isIdKey(leaf.path.at(-1)) || isIdKey(leaf.path.at(-2)))
          .map((leaf) => ({ part: 'body' as const, path: leaf.path })),
        ...leavesOf(inputs.query)
          .filter((leaf) => isIdKey(leaf.path.at(-1)))
          .map((leaf) => ({ part: 'query' as const, path: leaf.path })),
        // Path parameters that are ids (a store's slug is a name, not an id).
        ...([...contract.path.matchAll(/:([A-Za-z_]+)/g)].some((m) => isIdKey(m[1]))
          ? [{ part: 'params' as const, path: [] }]
          : []),
      ];
      if (fields.length === 0) continue;
      checked += 1;
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: fields.length - 1 }), tooLarge, async (pick, id) => {
          const field = fields[pick]!;
          const digits = id.toString();
          const response =
            field.part === 'body'
              ? await send(
                  contract,
                  urlOf(contract),
                  inputs,
                  // A JSON number that large: written as digits, never rounded on the way.
                  JSON.stringify(withLeaf(inputs.body, field.path, '<id>')).replace(
                    '"<id>"',
                    digits,
                  ),
                )
              : await send(
                  contract,
                  field.part === 'params' ? urlOf(contract, digits) : urlOf(contract),
                  {
                    body: inputs.body,
                    query:
                      field.part === 'query'
                        ? (withLeaf(inputs.query, field.path, digits) as Record<string, unknown>)
                        : inputs.query,
                  },
                );
          const where = `${group}.${name} ${field.part} ${field.path.join('.')}`;
          expect(response.statusCode, where).toBe(400);
          expect(body(response).message, where).toBeTruthy();
        }),
        { numRuns: 4, seed: 2026 },
      );
    }
    expect(checked).toBeGreaterThan(25);
  });
});
