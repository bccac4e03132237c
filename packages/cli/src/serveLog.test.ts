import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createServeLogger, prettyLine } from './serveLog.js';

const request = (method: string, url: string, status: number, extra: object = {}) =>
  JSON.stringify({
    level: 30,
    time: new Date(2026, 10, 23, 12, 4, 31).getTime(),
    pid: 1,
    hostname: 'h',
    reqId: 'r1',
    req: { method, url, host: 'localhost', remoteAddress: '127.0.0.1' },
    res: { statusCode: status },
    responseTime: 47.6,
    msg: 'request completed',
    ...extra,
  });

const plain = { routine: false, color: false };

describe('printloom serve on a terminal', () => {
  it('shows a change as one short line, without its query string', () => {
    expect(prettyLine(request('POST', '/seller/campaign/bulk-v3/jobs?x=1', 200), plain)).toBe(
      '12:04:31 POST /seller/campaign/bulk-v3/jobs 200 48ms',
    );
    expect(prettyLine(request('GET', '/seller/campaign/9', 404), plain)).toBe(
      '12:04:31 GET /seller/campaign/9 404 48ms',
    );
  });

  it("keeps routine requests (successful reads, the server's own workers) for debug", () => {
    const poll = request('GET', '/seller/campaign/bulk-v3/pending?take=1', 200);
    const workerSave = request('POST', '/seller/campaign/bulk-v3/save-processed-row', 200, {
      worker: 'server worker 1',
    });
    expect(prettyLine(poll, plain)).toBeNull();
    expect(prettyLine(workerSave, plain)).toBeNull();
    expect(prettyLine(poll, { routine: true, color: false })).toBe(
      '12:04:31 GET /seller/campaign/bulk-v3/pending 200 48ms',
    );
    expect(prettyLine(workerSave, { routine: true, color: false })).toBe(
      '12:04:31 server worker 1 · POST /seller/campaign/bulk-v3/save-processed-row 200 48ms',
    );
  });

  it('prints errors in full, stack included', () => {
    const error = JSON.stringify({
      level: 50,
      time: new Date(2026, 10, 23, 12, 4, 35).getTime(),
      reqId: 'r2',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (routes.ts:1:1)' },
      msg: 'unexpected error',
    });
    expect(prettyLine(error, plain)).toBe(
      '12:04:35 ERROR unexpected error\nError: boom\n    at handler (routes.ts:1:1)',
    );
  });

  it("names the worker of a worker's event and shows its fields", () => {
    const event = JSON.stringify({
      level: 30,
      time: new Date(2026, 10, 23, 12, 4, 33).getTime(),
      worker: 'server worker 1',
      seller: 2,
      processed: 20,
      msg: 'Seller queue drained',
    });
    expect(prettyLine(event, plain)).toBe(
      '12:04:33 server worker 1 · Seller queue drained seller=2 processed=20',
    );
  });
});

describe('createServeLogger', () => {
  async function written(
    format: 'json' | 'pretty',
    log: (logger: ReturnType<typeof createServeLogger>) => void,
  ) {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk) => {
      text += String(chunk);
    });
    const logger = createServeLogger({ format, level: 'info', out });
    log(logger);
    await new Promise((done) => setImmediate(done));
    return text;
  }

  it('writes JSON lines with --log-format json', async () => {
    const text = await written('json', (logger) =>
      logger.info(
        { req: { method: 'GET', url: '/x' }, res: { statusCode: 200 } },
        'request completed',
      ),
    );
    expect(JSON.parse(text)).toMatchObject({ msg: 'request completed', req: { url: '/x' } });
  });

  it('writes short lines in the pretty format', async () => {
    const text = await written('pretty', (logger) => {
      logger.info(
        { req: { method: 'GET', url: '/x' }, res: { statusCode: 200 } },
        'request completed',
      );
      logger.info(
        { req: { method: 'DELETE', url: '/x' }, res: { statusCode: 200 } },
        'request completed',
      );
    });
    expect(text).toMatch(/^\d\d:\d\d:\d\d DELETE \/x 200\n$/);
  });
});
