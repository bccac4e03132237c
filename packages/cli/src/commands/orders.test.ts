import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type RunningServer, startServer } from '@printloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { terminal } from '../prompt.js';

/** `printloom orders ship` against a real API server in this process (demo data). */

let server: RunningServer;
let home: string;
let orderNumber: string;

const loginAs = async (email: string) => {
  terminal.stdin = Readable.from([`${DEMO_PASSWORD}\n`]);
  const login = await cli('login', '--api', server.url, '--email', email, '--password-stdin');
  expect(login.code).toBe(0);
};

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-orders-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  server = await startServer(
    { demo: true, secret: 'orders-cli-test', dataDir: join(home, 'data') },
    { port: 0, host: '127.0.0.1' },
  );
  // A paid order of the demo seller with two lines, as the checkout writes one.
  const [order] = await server.app.db.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (seller_id, order_number, status, payment_status, email, customer_name,
       shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total)
     SELECT id, 'PL' || nextval('order_number_seq'), 'processing', 'paid', 'buyer@example.test',
       'Buyer', '{"name":"Buyer","line1":"1 Main St","city":"Springfield","state":"IL","postcode":"62701","country":"US"}',
       'USD', 4000, 500, 0, 0, 0, 4500
       FROM users WHERE email = $1 RETURNING id, order_number`,
    [DEMO_ACCOUNTS.seller],
  );
  orderNumber = order?.order_number ?? '';
  await server.app.db.query(
    `INSERT INTO order_items (order_id, seller_id, name, color, size, quantity, price, base_cost)
     SELECT o.id, o.seller_id, n, 'Black', 'M', 1, 2000, 900 FROM orders o, unnest(ARRAY['Tee', 'Mug']) n
      WHERE o.id = $1`,
    [order?.id],
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom orders ship', () => {
  it('is refused to a seller', async () => {
    await loginAs(DEMO_ACCOUNTS.seller);
    const result = await cli(
      'orders',
      'ship',
      orderNumber,
      '--carrier',
      'UPS',
      '--tracking',
      '1Z1',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/operators/);
  });

  it('ships one line, then the rest, as an operator', async () => {
    await loginAs(DEMO_ACCOUNTS.admin);
    const [line] = await server.app.db.query<{ id: number }>(
      "SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1 AND i.name = 'Tee'",
      [orderNumber],
    );
    const first = await cli(
      'orders',
      'ship',
      orderNumber.toLowerCase(),
      '--carrier',
      'UPS',
      '--tracking',
      '1Z999AA1',
      '--items',
      String(line?.id),
      '--json',
    );
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toMatchObject({ fulfillment_status: 'partial_fulfilled' });
    const rest = await cli(
      'orders',
      'ship',
      orderNumber,
      '--carrier',
      'USPS',
      '--tracking',
      '9400',
    );
    expect(rest.code).toBe(0);
    expect(rest.stdout).toBe(
      `Shipped order ${orderNumber} with USPS 9400: fulfilled (completed)\n`,
    );
    const again = await cli(
      'orders',
      'ship',
      orderNumber,
      '--carrier',
      'USPS',
      '--tracking',
      '9401',
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/completed cannot take "ship line"/);
  });

  it('names a bad --items value', async () => {
    const result = await cli(
      'orders',
      'ship',
      orderNumber,
      '--carrier',
      'UPS',
      '--tracking',
      '1',
      '--items',
      'x',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--items takes item ids/);
  });
});
