import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalApi, ok, startLocalApi } from '../../test/localApi.js';
import { runCli as cli } from '../../test/runCli.js';

/** `printloom campaigns list` reads a page as the API answers it, capped counts included. */

let api: LocalApi | undefined;
beforeEach(() => {
  process.env.XDG_CONFIG_HOME = '/nonexistent/printloom-campaigns-list';
  process.env.PRINTLOOM_TOKEN = 'list-token';
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom campaigns list', () => {
  it('marks a count that stopped at the cap with +', async () => {
    api = await startLocalApi({
      'GET /seller/campaign': () =>
        ok({
          data: [{ id: 9, name: 'Summer Tee', status: 'active' }],
          total: 10_000,
          total_is_capped: true,
          per_page: 15,
          current_page: 1,
          last_page: 667,
          from: 1,
          to: 1,
        }),
    });
    process.env.PRINTLOOM_API = api.url;
    const result = await cli('campaigns', 'list');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('9       active      Summer Tee\n');
    expect(result.stdout).toContain('Page 1 of 667+ · 10000+ campaigns\n');
  });
});
