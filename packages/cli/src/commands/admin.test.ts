import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type RunningServer, startServer } from '@printloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { terminal } from '../prompt.js';
import { parseSignedAmount } from './admin.js';

/** `printloom admin …` against a real API server in this process (demo data). */

let server: RunningServer;
let home: string;
let sellerId: number;
let sellerToken: string;

const loginAs = async (email: string) => {
  terminal.stdin = Readable.from([`${DEMO_PASSWORD}\n`]);
  const login = await cli('login', '--api', server.url, '--email', email, '--password-stdin');
  expect(login.code).toBe(0);
};
/** The seller's own side, through the API as the dashboard calls it. */
const asSeller = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${sellerToken}` },
    ...(payload ? { payload } : {}),
  });
  return JSON.parse(response.body) as { data: Record<string, number>; message?: string };
};

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-admin-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  server = await startServer(
    { demo: true, secret: 'admin-cli-test', dataDir: join(home, 'data') },
    { port: 0, host: '127.0.0.1' },
  );
  const [seller] = await server.app.db.query<{ id: number }>(
    'SELECT id FROM users WHERE email = $1',
    [DEMO_ACCOUNTS.seller],
  );
  sellerId = Number(seller?.id);
  const login = await server.app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email: DEMO_ACCOUNTS.seller, password: DEMO_PASSWORD },
  });
  sellerToken = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
}, 600_000);

afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom admin', () => {
  it('reads amounts as signed cents, without float rounding', () => {
    expect(parseSignedAmount('12.5')).toBe(1_250);
    expect(parseSignedAmount('-0.07')).toBe(-7);
    expect(parseSignedAmount('+3')).toBe(300);
    expect(() => parseSignedAmount('1.234')).toThrow(/like 12.50/);
    expect(() => parseSignedAmount('0')).toThrow(/zero/);
  });

  it('is refused to a seller', async () => {
    await loginAs(DEMO_ACCOUNTS.seller);
    const result = await cli(
      'admin',
      'ledger',
      'adjust',
      '--seller',
      String(sellerId),
      '--amount',
      '100',
      '--reason',
      'Self-service',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Only a platform operator/);
  });

  it('adjusts a balance once per key, holds and releases the entry', async () => {
    await loginAs(DEMO_ACCOUNTS.admin);
    const before = (await asSeller('GET', '/seller/balance')).data;
    const args = ['admin', 'ledger', 'adjust', '--seller', String(sellerId), '--amount', '25.50'];
    const first = await cli(...args, '--reason', 'Goodwill credit', '--key', 'goodwill-1');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Adjustment booked (key goodwill-1):');
    expect(first.stdout).toMatch(/admin\s+completed\s+25\.50 {2}Adjustment: Goodwill credit/);
    const again = await cli(
      ...args,
      '--reason',
      'Goodwill credit',
      '--key',
      'goodwill-1',
      '--json',
    );
    const answer = JSON.parse(again.stdout) as { entries: Array<{ id: number }> };
    expect((await asSeller('GET', '/seller/balance')).data.available).toBe(
      Number(before?.available) + 2_550,
    );

    const huge = await cli(
      'admin',
      'ledger',
      'adjust',
      '--seller',
      String(sellerId),
      '--amount',
      '-999999',
      '--reason',
      'Too much',
    );
    expect(huge.code).not.toBe(0);
    expect(huge.stderr).toMatch(/may not take it below zero/);

    const entryId = String(answer.entries[0]?.id);
    const held = await cli(
      'admin',
      'ledger',
      'hold',
      '--seller',
      String(sellerId),
      '--entry',
      entryId,
      '--reason',
      'Checking the credit',
    );
    expect(held.stderr).toBe('');
    expect(held.stdout).toMatch(
      /on hold\s+25\.50 {2}Adjustment: Goodwill credit · held: Checking the credit/,
    );
    expect(held.stdout).toMatch(
      /^Balance: available -?\d+\.\d\d, pending -?\d+\.\d\d, on hold \d+\.\d\d$/m,
    );
    const listed = await cli(
      'admin',
      'ledger',
      'list',
      '--seller',
      String(sellerId),
      '--status',
      'on hold',
    );
    expect(listed.stdout).toContain('held: Checking the credit');
    const released = await cli(
      'admin',
      'ledger',
      'release',
      '--seller',
      String(sellerId),
      '--entry',
      entryId,
      '--reason',
      'Fine',
    );
    expect(released.stdout).toMatch(/admin\s+completed\s+25\.50/);
    const both = await cli(
      'admin',
      'ledger',
      'hold',
      '--seller',
      String(sellerId),
      '--reason',
      'x',
    );
    expect(both.code).not.toBe(0);
    expect(both.stderr).toMatch(/--entry <id> or --order <id>/);
  });

  it('approves and rejects payouts, and checks payment accounts', async () => {
    await loginAs(DEMO_ACCOUNTS.admin);
    const account = await server.app.inject({
      method: 'POST',
      url: '/seller/payment-accounts',
      headers: { authorization: `Bearer ${sellerToken}` },
      payload: {
        method: 'payoneer',
        details: { email: 'demo.payouts@example.test' },
        current_password: DEMO_PASSWORD,
      },
    });
    const accountId = (JSON.parse(account.body) as { data: { id: number } }).data.id;
    const status = await cli('admin', 'payment-accounts', 'status', String(accountId), 'valid');
    expect(status.stdout).toMatch(new RegExp(`Payment account ${accountId} \\(.*\\): valid`));
    const bad = await cli('admin', 'payment-accounts', 'status', String(accountId), 'great');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/status must be one of new, valid, invalid/);

    const request = async () =>
      (await asSeller('POST', '/seller/payouts', { amount: 1_000, payment_account_id: accountId }))
        .data;
    const first = await request();
    const open = await cli('admin', 'payouts', 'list', '--status', 'processing');
    expect(open.stdout).toMatch(
      new RegExp(`^${first.id}\\s+${sellerId}\\s+10\\.00 {2}processing`, 'm'),
    );
    const paid = await cli('admin', 'payouts', 'approve', String(first.id));
    expect(paid.stdout).toBe(`Payout ${first.id} of 10.00 USD: paid (completed)\n`);
    const twice = await cli('admin', 'payouts', 'approve', String(first.id));
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toMatch(/no longer in progress/);

    const second = await request();
    const rejected = await cli(
      'admin',
      'payouts',
      'reject',
      String(second.id),
      '--reason',
      'Name does not match',
      '--json',
    );
    expect(JSON.parse(rejected.stdout)).toMatchObject({
      id: second.id,
      status: 'cancelled',
      reason: 'Name does not match',
    });
  });
});
