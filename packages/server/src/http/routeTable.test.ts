import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  ANY_MEMBER,
  API,
  API_DOCS_PATH,
  FEATURE_OFF_MESSAGE,
  pathPrefix,
  permissionOf,
  type RouteContract,
  routeList,
} from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { MESSAGES } from './errors.js';

const routes = routeList(API);
const keyOf = (method: string, url: string) => `${method} ${url}`;

/** A request to a route with every path parameter filled. */
function urlOf(contract: RouteContract): string {
  return contract.path.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 's1/x.png');
}

describe('the routes the server answers are the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built dashboard, so the web app's static routes are registered too.
    const webDist = mkdtempSync(join(tmpdir(), 'printloom-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Printloom</title>');
    t = await createTestApp('pglite', { webDist });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers a handler for every table entry, from that entry', () => {
    const registered = new Map(
      t.app.registeredRoutes.map((r) => [keyOf(r.method, r.url), r.contract]),
    );
    const missing = routes.filter(
      ({ contract }) => registered.get(keyOf(contract.method, contract.path)) !== contract,
    );
    expect(missing.map(({ group, name }) => `${group}.${name}`)).toEqual([]);
  });

  it('has no route outside the table but the documentation and the dashboard files', () => {
    const gets = new Set(
      t.app.registeredRoutes.filter((r) => r.method === 'GET').map((r) => r.url),
    );
    const outside = t.app.registeredRoutes.filter(
      (r) =>
        !r.contract &&
        // Fastify answers HEAD for every GET.
        !(r.method === 'HEAD' && gets.has(r.url)) &&
        // Documented exceptions: @fastify/swagger-ui's pages and the dashboard's static files.
        !r.url.startsWith(API_DOCS_PATH) &&
        r.url !== '/*',
    );
    expect(outside.map((r) => keyOf(r.method, r.url))).toEqual([]);
    expect(gets.has('/*')).toBe(true);
  });

  it('serves an OpenAPI document of every route that a validator accepts', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(routes.length);
    const upload = doc.paths['/upload']?.post;
    expect(Object.keys(upload?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '413', '422']),
    );
  });
});

describe('a team member holding no permission', () => {
  let t: TestApp;
  let sellerId: number;
  let member: string;
  const session = async (n: number) => memberSession(t.app, sellerId, `none-${n}@example.test`, []);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    sellerId = (
      await createUser(t.app, {
        email: 'owner-none@example.test',
        tags: ['email marketing', 'pb', 'personalized'],
      })
    ).id;
    member = await session(0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const gated = routes.filter(({ contract }) => {
    const permission = permissionOf(contract);
    return (contract.auth ?? 'user') === 'user' && permission !== ANY_MEMBER;
  });

  it('is refused every route that needs a permission, before its input is read', async () => {
    expect(gated.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const { group, name, contract } of gated) {
      const response = await t.app.inject({
        method: contract.method,
        url: urlOf(contract),
        headers: bearer(member),
      });
      answers.push(`${group}.${name} ${response.statusCode} ${body(response).message}`);
    }
    expect(answers).toEqual(
      gated.map(({ group, name }) => `${group}.${name} 403 ${MESSAGES.forbidden}`),
    );
  });

  it('may call what any member may, and what needs no session', async () => {
    const open = routes.filter(({ contract }) => !gated.some((g) => g.contract === contract));
    let n = 1;
    for (const { group, name, contract } of open) {
      // A fresh session each: logout and the account switches end the one they are called with.
      const response = await t.app.inject({
        method: contract.method,
        url: urlOf(contract),
        headers: bearer(await session(n++)),
      });
      const refusedByGate =
        response.statusCode === 401 ||
        (response.statusCode === 403 && body(response).message === FEATURE_OFF_MESSAGE);
      expect(refusedByGate, `${group}.${name} ${response.statusCode}`).toBe(false);
      expect(response.statusCode, `${group}.${name}`).toBeLessThan(500);
    }
  });

  it('uploads only into the public folder through the public pre-signed address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.uploads.publicPreSignedUrl.path,
      // An upload into the public folder is anonymous, whoever asks: it needs the bot check.
      headers: { ...bearer(member), ...(await botChecked(t.app)) },
      payload: { fileName: 'a.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(body<{ filePath: string }>(response).data.filePath).toMatch(/^s0\/public\//);
    const own = await t.app.inject({
      method: 'POST',
      url: API.uploads.publicPreSignedUrl.path,
      headers: bearer(await login(t.app, 'owner-none@example.test')),
      payload: { fileName: 'a.png' },
    });
    expect(body<{ filePath: string }>(own).data.filePath).toMatch(new RegExp(`^s${sellerId}/`));
    expect(pathPrefix(API.uploads.blobPut)).toBe('/blob/');
  });
});

describe('tag-gated routes (spec §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuse a seller without the email marketing tag, whatever else it may do', async () => {
    await createUser(t.app, { email: 'no-tag@example.test', tags: ['pb'] });
    const token = await login(t.app, 'no-tag@example.test');
    for (const contract of [
      API.emailSenders.list,
      API.emailSenders.create,
      API.marketing.subscribers,
      API.marketing.klaviyoSettings,
    ]) {
      const response = await t.app.inject({
        method: contract.method,
        url: urlOf(contract),
        headers: bearer(token),
        payload: contract.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, contract.path).toBe(403);
      expect(body(response).message).toBe(FEATURE_OFF_MESSAGE);
    }
  });
});
