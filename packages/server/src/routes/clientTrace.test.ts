import { parseTrace } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

describe('GET /cdn-cgi/trace', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp('pglite');
    // The proxy in front of this server sits at 10.0.0.2 (TRUST_PROXY lists its range).
    proxied = await createTestApp('pglite', { trustProxy: ['10.0.0.0/8'] });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('tells the visitor its address and user agent in the Cloudflare format, without a session', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/cdn-cgi/trace',
      remoteAddress: '203.0.113.9',
      headers: {
        host: 'seller.example.test',
        'user-agent': 'Mozilla/5.0 Test',
        'cf-ipcountry': 'DE',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const trace = parseTrace(response.body);
    expect(trace).toMatchObject({
      h: 'seller.example.test',
      ip: '203.0.113.9',
      uag: 'Mozilla/5.0 Test',
      visit_scheme: 'http',
    });
    // Without a trusted proxy a country header could be forged, so no country is claimed.
    expect(trace.loc).toBeUndefined();
  });

  it('passes on the country and address a trusted proxy names', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/cdn-cgi/trace',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'VN' },
    });
    expect(parseTrace(response.body)).toMatchObject({ ip: '198.51.100.7', loc: 'VN' });
  });

  it('believes neither address nor country from a peer that is not a listed proxy', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/cdn-cgi/trace',
      remoteAddress: '203.0.113.50',
      headers: { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'VN' },
    });
    const trace = parseTrace(response.body);
    expect(trace.ip).toBe('203.0.113.50');
    expect(trace.loc).toBeUndefined();
  });
});
