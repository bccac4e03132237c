import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type RunningServer, startServer } from '@printloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { terminal } from '../prompt.js';

/** `printloom feature-requests status` against a real API server in this process (demo data). */

let server: RunningServer;
let home: string;
let requestId: number;

const loginAs = async (email: string) => {
  terminal.stdin = Readable.from([`${DEMO_PASSWORD}\n`]);
  const login = await cli('login', '--api', server.url, '--email', email, '--password-stdin');
  expect(login.code).toBe(0);
};

const statusInDb = async () =>
  (
    await server.app.db.query<{ status: string }>(
      'SELECT status FROM feature_requests WHERE id = $1',
      [requestId],
    )
  )[0]?.status;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-feature-requests-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  server = await startServer(
    { demo: true, secret: 'feature-requests-cli-test', dataDir: join(home, 'data') },
    { port: 0, host: '127.0.0.1' },
  );
  // A request the demo seller posted, as the /feature-requests page posts one.
  const [row] = await server.app.db.query<{ id: number }>(
    `INSERT INTO feature_requests (seller_id, author_id, title, body, category, votes, search)
     SELECT id, id, 'Dark mode', 'A dark theme for the dashboard at night.', 'other', 1, 'dark mode'
       FROM users WHERE email = $1 RETURNING id`,
    [DEMO_ACCOUNTS.seller],
  );
  requestId = Number(row?.id);
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom feature-requests status', () => {
  it('is refused to a seller, and the status stays', async () => {
    await loginAs(DEMO_ACCOUNTS.seller);
    const result = await cli('feature-requests', 'status', String(requestId), 'planned');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Only a platform operator can change the status/);
    expect(await statusInDb()).toBe('under_review');
  });

  it('moves a request to planned, then done, as an operator', async () => {
    await loginAs(DEMO_ACCOUNTS.admin);
    const planned = await cli('feature-requests', 'status', String(requestId), 'planned');
    expect(planned.stderr).toBe('');
    expect(planned.code).toBe(0);
    expect(planned.stdout).toBe(`Feature request #${requestId} “Dark mode”: Planned\n`);
    expect(await statusInDb()).toBe('planned');
    const done = await cli('feature-requests', 'status', String(requestId), 'done', '--json');
    expect(JSON.parse(done.stdout)).toMatchObject({ id: requestId, status: 'done' });
    const back = await cli('feature-requests', 'status', String(requestId), 'under-review');
    expect(back.stdout).toMatch(/: Under review\n$/);
    expect(await statusInDb()).toBe('under_review');
  });

  it('names a bad status or id, and a request that does not exist', async () => {
    const badStatus = await cli('feature-requests', 'status', String(requestId), 'shipped');
    expect(badStatus.code).not.toBe(0);
    expect(badStatus.stderr).toMatch(/<status> is one of under_review, planned, done/);
    const badId = await cli('feature-requests', 'status', 'x', 'done');
    expect(badId.code).not.toBe(0);
    expect(badId.stderr).toMatch(/<id> is the feature request's number, not "x"/);
    const missing = await cli('feature-requests', 'status', '999999', 'done');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).not.toBe('');
  });
});
