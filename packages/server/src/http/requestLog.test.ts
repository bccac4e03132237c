import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

describe('request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const out = new PassThrough();
    out.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    t = await createTestApp('pglite', { logger: pino({ level: 'info' }, out) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes one line per request, with method, address, status, time and the worker name', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api3/version' });
    await t.app.inject({
      method: 'GET',
      url: '/me',
      headers: { 'x-printloom-worker': 'server worker 1' },
    });
    await new Promise((done) => setImmediate(done));
    const requests = lines.filter((line) => String(line.msg).includes('request'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api3/version' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0]?.responseTime).toBe('number');
    expect(requests[1]).toMatchObject({ res: { statusCode: 401 }, worker: 'server worker 1' });
  });
});
