import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sampleArtwork } from '@printloom/renderer/node';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type RunningServer, startServer } from '@printloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { authedClient } from '../config.js';
import { terminal } from '../prompt.js';

/**
 * `printloom campaigns create|launch|deactivate|duplicate|delete` against a real API server in
 * this process (demo data, in-memory database), logged in as the demo seller.
 */

interface CampaignJson {
  id: number;
  name: string;
  status: string;
  slug: string | null;
  products: Array<{
    name?: string;
    price?: number;
    designs: Array<{ file_url: string | null }>;
    mockups: Array<{ file_url: string }>;
  }>;
}

let server: RunningServer;
let home: string;
let art: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-campaigns-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  server = await startServer(
    { demo: true, secret: 'campaigns-cli-test', dataDir: join(home, 'data') },
    { port: 0, host: '127.0.0.1' },
  );
  art = join(home, 'Sunset Tee.png');
  writeFileSync(art, await sampleArtwork(300, 375).encode('png'));
  terminal.stdin = Readable.from([`${DEMO_PASSWORD}\n`]);
  const login = await cli(
    'login',
    '--api',
    server.url,
    '--email',
    DEMO_ACCOUNTS.seller,
    '--password-stdin',
  );
  expect(login.code).toBe(0);
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom campaigns create', () => {
  it('uploads the design, prices the products, renders designs and mockups and launches', async () => {
    const result = await cli(
      'campaigns',
      'create',
      '--design',
      art,
      '--products',
      'tshirt,Ceramic Mug 11oz',
      '--price',
      '19.99',
      '--launch',
      '--json',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const campaign = JSON.parse(result.stdout) as CampaignJson;
    expect(campaign.name).toBe('Sunset Tee');
    expect(campaign.status).toBe('active');
    expect(campaign.products.map((p) => Number(p.price))).toEqual([19.99, 19.99]);
    for (const product of campaign.products) {
      expect(product.designs.length).toBeGreaterThan(0);
      expect(product.mockups.length).toBeGreaterThan(0);
    }
    // The files it saved are served like the dashboard's.
    const mockup = campaign.products[0]?.mockups[0]?.file_url ?? '';
    expect((await fetch(`${server.url}${mockup}`)).headers.get('content-type')).toMatch(/^image\//);
  }, 60_000);

  it('prints a readable line and leaves the campaign a draft without --launch', async () => {
    const result = await cli(
      'campaigns',
      'create',
      '--design',
      art,
      '--products',
      'tshirt',
      '--name',
      'Quiet draft',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created campaign \d+ "Quiet draft" \(draft\) with .+\n$/);
  }, 60_000);

  it('lists the products a campaign can be made of, by slug, as create accepts them', async () => {
    const text = await cli('campaigns', 'products');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/\ntshirt +Classic T-shirt +front/);
    const json = JSON.parse((await cli('campaigns', 'products', '--json')).stdout) as Array<{
      slug: string;
      name: string;
    }>;
    expect(json.map((t) => t.slug)).toEqual(expect.arrayContaining(['tshirt', 'mug', 'mug-3d']));
  });

  it('names the valid products when one is unknown (usage error, nothing created)', async () => {
    const before = JSON.parse((await cli('campaigns', 'list', '--json')).stdout) as {
      total: number;
    };
    const result = await cli('campaigns', 'create', '--design', art, '--products', 'tshirt,sofa');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'printloom: Unknown product "sofa". Valid products (printloom campaigns products):',
    );
    expect(result.stderr).toMatch(/\n {2}tshirt +Classic T-shirt/);
    expect(result.stderr).toMatch(/\n {2}mug +/);
    const after = JSON.parse((await cli('campaigns', 'list', '--json')).stdout) as {
      total: number;
    };
    expect(after.total).toBe(before.total);
  });

  it('refuses a missing design file and a malformed price', async () => {
    const missing = await cli(
      'campaigns',
      'create',
      '--design',
      join(home, 'nope.png'),
      '--products',
      'mug',
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Design not found');
    const price = await cli(
      'campaigns',
      'create',
      '--design',
      art,
      '--products',
      'mug',
      '--price',
      '19,99',
    );
    expect(price.code).toBe(2);
    expect(price.stderr).toContain('--price must be an amount like 19.99');
  });
});

describe('printloom campaigns launch, deactivate, duplicate, delete', () => {
  let id: number;

  beforeAll(async () => {
    const made = await cli('campaigns', 'create', '--design', art, '--products', 'mug', '--json');
    id = (JSON.parse(made.stdout) as CampaignJson).id;
  }, 60_000);

  it('launches and deactivates, in text and in JSON', async () => {
    const launched = await cli('campaigns', 'launch', String(id));
    expect(launched.code).toBe(0);
    expect(launched.stdout).toBe(`Launched campaign ${id} "Sunset Tee" (active)\n`);
    const deactivated = await cli('campaigns', 'deactivate', String(id), '--json');
    expect(deactivated.code).toBe(0);
    expect((JSON.parse(deactivated.stdout) as CampaignJson).status).toBe('inactive');
  });

  it('duplicates into a draft copy and deletes it; a deleted campaign is gone', async () => {
    const copied = await cli('campaigns', 'duplicate', String(id), '--json');
    expect(copied.code).toBe(0);
    const copy = JSON.parse(copied.stdout) as CampaignJson;
    expect(copy.name).toBe('Sunset Tee (copy)');
    expect(copy.status).toBe('draft');
    expect(copy.products[0]?.mockups.length).toBeGreaterThan(0);

    const deleted = await cli('campaigns', 'delete', String(copy.id));
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`Deleted campaign ${copy.id}\n`);
    const again = await cli('campaigns', 'delete', String(copy.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('printloom: Campaign not found\n');
  });

  it('says why a campaign cannot launch, exiting 1', async () => {
    // A campaign made through the API without any design.
    const { client } = await authedClient();
    const templates = await client.catalog.productTemplates({ query: { per_page: 100 } });
    const mug = templates.data.find((t) => t.sku === 'mug');
    const bare = await client.campaigns.create({
      body: { name: 'Bare', products: [{ template_id: mug?.id ?? 0 }] },
    });
    const result = await cli('campaigns', 'launch', String(bare.id));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('printloom: Add a design to Ceramic Mug 11oz before launching.\n');
  });

  it('refuses an id that is not a number (usage error)', async () => {
    const result = await cli('campaigns', 'deactivate', 'abc');
    expect(result.code).toBe(2);
  });
});
