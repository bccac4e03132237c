import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_SELLER,
  exited,
  type Printloom,
  printloom,
  startServe,
} from './fixtures.js';

/** Artwork the demo seed copies into the blob store. */
const ART = '/files/s0/templates/tshirt/crop.png';

interface Campaign {
  id: number;
  products: Array<{
    id: number;
    template_id: number;
    designs: Array<{ file_url: string }>;
    mockups?: Array<{ file_url: string }>;
  }>;
}

let home: string;
let cli: Printloom;
let api: { url: string; child: ReturnType<Printloom['spawn']> };
let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-bulk-regular-'));
  cli = printloom({
    XDG_CONFIG_HOME: join(home, 'config'),
    PRINTLOOM_API: '',
    PRINTLOOM_TOKEN: '',
  });
  api = await startServe(cli, join(home, 'data'));
  const login = await fetch(`${api.url}/auth/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: DEMO_SELLER, password: DEMO_PASSWORD }),
  });
  token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
});

afterAll(async () => {
  api?.child.kill('SIGTERM');
  if (api) await exited(api.child);
  rmSync(home, { recursive: true, force: true });
});

describe('regular bulk jobs run by printloom bulk run --type regular', () => {
  it("puts each job's designs and mockups on the new campaign's own products, once", async () => {
    const template = await call<Campaign>('POST', '/seller/campaign', {
      name: 'CLI regular template',
      products: [{ template_id: 101 }],
    });
    const product = (await call<Campaign>('GET', `/seller/campaign/${template.id}`)).products[0];
    await call('PUT', `/seller/campaign/${template.id}`, {
      designs: [{ print_space: 'front', product_id: product?.id, file_url: ART }],
    });
    const created = await call<{ ids: number[] }>('POST', '/seller/campaign/bulk/jobs', {
      template_campaign_id: template.id,
      prefix: 'CliReg',
      rows: [
        { campaign_name: 'one', new_url: ART },
        { campaign_name: 'two', new_url: ART },
      ],
    });
    expect(created.ids).toHaveLength(2);

    const run = await printloom({
      XDG_CONFIG_HOME: join(home, 'config'),
      PRINTLOOM_API: api.url,
      PRINTLOOM_TOKEN: token,
    })(['bulk', 'run', '--type', 'regular', '--once']);
    expect(run.code).toBe(0);

    const jobs = (
      await call<{ data: Array<{ id: number; status: string; campaign_id: number | null }> }>(
        'GET',
        '/seller/campaign/bulk/jobs?per_page=100',
      )
    ).data.filter((job) => created.ids.includes(job.id));
    expect(jobs.map((job) => job.status)).toEqual(['completed', 'completed']);
    const campaignIds = jobs.map((job) => job.campaign_id);
    expect(new Set(campaignIds).size).toBe(2);
    for (const id of campaignIds) {
      const campaign = await call<Campaign>('GET', `/seller/campaign/${id}`);
      expect(campaign.products).toHaveLength(1);
      const own = campaign.products[0];
      expect(own?.id).not.toBe(product?.id);
      expect(own?.designs).toHaveLength(1);
      expect(own?.designs[0]?.file_url).toMatch(
        new RegExp(`^/files/s\\d+/d/${campaign.id}/[^/]+\\.png$`),
      );
      expect(own?.mockups?.length).toBeGreaterThan(0);
    }
  }, 180_000);
});
