import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SunkMail, startSmtpSink } from '../../packages/server/test/smtpSink.js';
import { freePort, NODE } from '../bulk/fixtures.js';

/**
 * An email campaign to 2,000 subscribers through a local SMTP server, sent by a real server
 * process (the server's start function on a PGlite data directory, `campaignServer.js`) that is
 * killed with SIGKILL in the middle and started again on the same data. Needs `npm run build`.
 */
const SUBSCRIBERS = 2000;
const KILL_AFTER = 700;
const SUBJECT = 'Restart sale';

interface Ready {
  ready: true;
  token: string;
  campaignId: number;
}

interface CampaignView {
  status: string;
  stats: Record<string, number>;
}

let dataDir: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let port: number;
let child: ChildProcess | null = null;

function startProcess(seed: boolean): Promise<Ready> {
  const script = join(import.meta.dirname, 'campaignServer.js');
  const args = [script, dataDir, String(port), sink.url, String(SUBSCRIBERS)];
  const proc = spawn(NODE, seed ? [...args, '--seed'] : args, {
    env: { ...process.env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child = proc;
  let output = '';
  proc.stdout?.on('data', (c) => {
    output += String(c);
  });
  proc.stderr?.on('data', (c) => {
    output += String(c);
  });
  return new Promise((resolve, reject) => {
    proc.once('message', (message) => resolve(message as Ready));
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function campaign(ready: Ready): Promise<CampaignView> {
  const response = await fetch(
    `http://127.0.0.1:${port}/seller/email-marketing/campaigns/${ready.campaignId}`,
    { headers: { authorization: `Bearer ${ready.token}` } },
  );
  return ((await response.json()) as { data: CampaignView }).data;
}

const ours = () => sink.mails.filter((m) => m.headers.get('subject') === SUBJECT);
const link = (mail: SunkMail, kind: 'u' | 'o' | 'c') =>
  new URL(
    (
      new RegExp(`(?:href|src)="(http://[^"]+/email/${kind}/[^"]+)"`).exec(mail.text)?.[1] ?? ''
    ).replace(/&amp;/g, '&'),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'printloom-campaign-restart-'));
  sink = await startSmtpSink();
  port = await freePort();
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('email campaign: the sending server is killed mid-send and started again', () => {
  it('mails every subscriber once (the in-flight one at most reported uncertain), with working links', async () => {
    const started = Date.now();
    const first = await startProcess(true);
    await vi.waitFor(() => expect(ours().length).toBeGreaterThanOrEqual(KILL_AFTER), {
      timeout: 400_000,
      interval: 20,
    });
    const killed = new Promise((done) => child?.once('exit', done));
    child?.kill('SIGKILL');
    await killed;
    const atKill = ours().length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const second = await startProcess(false);
    expect(second.campaignId).toBe(0);
    const ready = { ...first };
    await vi.waitFor(async () => expect((await campaign(ready)).status).toBe('sent'), {
      timeout: 400_000,
      interval: 250,
    });
    const seconds = (Date.now() - started) / 1000;

    const mails = ours();
    const perRecipient = new Map<string, number>();
    for (const mail of mails) {
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    const view = await campaign(ready);
    // Only the mail in its SMTP call at the kill may be in doubt; it is reported, never resent.
    expect(view.stats.uncertain).toBeLessThanOrEqual(1);
    expect(view.stats).toMatchObject({
      recipients: SUBSCRIBERS,
      pending: 0,
      delivered: SUBSCRIBERS - view.stats.uncertain,
      failed: view.stats.uncertain,
    });
    expect(perRecipient.size).toBeGreaterThanOrEqual(SUBSCRIBERS - view.stats.uncertain);
    console.log(
      `campaign restart: ${mails.length} mails, ${atKill} before the kill, ${view.stats.uncertain} uncertain, ${seconds.toFixed(1)} s`,
    );

    for (const mail of mails) {
      expect(mail.headers.get('list-unsubscribe')).toMatch(
        /^<http:\/\/[^>]+\/email\/u\/[^>]+>, <mailto:/,
      );
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    const base = `http://127.0.0.1:${port}`;
    // Mails from before and after the restart: three opened, two clicked, three unsubscribed.
    const sample = [0, 1, 2, mails.length - 1, mails.length - 2, mails.length - 3, 5, 6].map(
      (i) => mails[i] as SunkMail,
    );
    for (const mail of sample.slice(0, 3)) {
      const pixel = await fetch(`${base}${link(mail, 'o').pathname}`);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
    }
    for (const mail of sample.slice(3, 5)) {
      const click = link(mail, 'c');
      const redirect = await fetch(`${base}${click.pathname}${click.search}`, {
        redirect: 'manual',
      });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('https://restart.example.test/sale');
    }
    for (const mail of sample.slice(5, 8)) {
      const page = await fetch(`${base}${link(mail, 'u').pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('You are unsubscribed');
    }
    expect((await campaign(ready)).stats).toMatchObject({
      opened: 5,
      clicked: 2,
      unsubscribed: 3,
    });
  }, 900_000);
});
