import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { EmailCampaign } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedPgliteImage } from '../../packages/server/test/pgliteImage.js';
import { type SunkMail, startSmtpSink } from '../../packages/server/test/smtpSink.js';
import { freePort, NODE } from '../bulk/fixtures.js';

/**
 * An email campaign to 2,000 subscribers through a local SMTP server, sent by a real server
 * process (the server's start function on a PGlite data directory, `campaignServer.js`) that is
 * killed with SIGKILL in the middle and started again on the same data. Needs
 * `npm run build -w packages/core -w packages/server`.
 *
 * The data directory starts from the server tests' migrated PGlite image (initdb and every
 * migration take half a minute on a busy machine and are not what this test is about).
 *
 * The kill lands while mail number KILL_AT is in its SMTP call: the sink has its data but has not
 * answered yet. That mail is the one a kill can leave in doubt; the restarted server must report
 * it uncertain and never send it again, and send everyone else theirs exactly once.
 */
const SUBSCRIBERS = 2000;
const KILL_AT = 700;
const SUBJECT = 'Restart sale';

interface Ready {
  ready: true;
  token: string;
  campaignId: number;
  /** Milliseconds the server took to start (before the first process seeds). */
  startMs: number;
}

/** What the test reads of a campaign: the answer of `GET /seller/email-marketing/campaigns/{id}`. */
type CampaignView = Pick<EmailCampaign, 'status' | 'stats'>;

let dataDir: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let port: number;
let child: ChildProcess | null = null;
/** Settles once the first server was killed in the middle of a mail. */
let killedMidMail: Promise<void>;
let killing = false;

const isOurs = (mail: SunkMail) => mail.headers.get('subject') === SUBJECT;
const ours = () => sink.mails.filter(isOurs);

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((done) => proc.once('exit', () => done()));
}

interface Started {
  ready: Ready;
  proc: ChildProcess;
  output(): string;
}

async function startProcess(seed: boolean): Promise<Started> {
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
  const ready = await new Promise<Ready>((resolve, reject) => {
    proc.once('message', (message) => resolve(message as Ready));
    proc.once('exit', (code, signal) =>
      reject(new Error(`server exited with ${code ?? signal} before it was ready:\n${output}`)),
    );
  });
  return { ready, proc, output: () => output };
}

async function campaign(ready: Ready): Promise<CampaignView> {
  const response = await fetch(
    `http://127.0.0.1:${port}/seller/email-marketing/campaigns/${ready.campaignId}`,
    { headers: { authorization: `Bearer ${ready.token}` } },
  );
  return ((await response.json()) as { data: CampaignView }).data;
}

const link = (mail: SunkMail, kind: 'u' | 'o' | 'c') =>
  new URL(
    (
      new RegExp(`(?:href|src)="(http://[^"]+/email/${kind}/[^"]+)"`).exec(mail.text)?.[1] ?? ''
    ).replace(/&amp;/g, '&'),
  );

/** Lays the migrated image out as a PGlite data directory the server opens as its own. */
async function migratedDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'printloom-campaign-restart-'));
  const pg = await PGlite.create(dir, {
    loadDataDir: await migratedPgliteImage(),
    extensions: { pg_trgm },
  });
  await pg.close();
  return dir;
}

beforeAll(async () => {
  dataDir = await migratedDataDir();
  let killed: () => void = () => {};
  killedMidMail = new Promise((done) => {
    killed = done;
  });
  let ourCount = 0;
  sink = await startSmtpSink({
    // Mail KILL_AT is in the sink but not yet answered: the sender dies inside its SMTP call.
    async beforeAccept(mail) {
      if (!isOurs(mail)) return;
      ourCount += 1;
      if (ourCount !== KILL_AT || !child) return;
      const proc = child;
      killing = true;
      const gone = exited(proc);
      proc.kill('SIGKILL');
      await gone;
      killed();
    },
  });
  port = await freePort();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = exited(child);
    child.kill('SIGTERM');
    await gone;
  }
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('email campaign: the sending server is killed mid-send and started again', () => {
  it('mails every subscriber once (the in-flight one at most reported uncertain), with working links', async () => {
    const started = Date.now();
    const first = await startProcess(true);
    const firstReady = Date.now();
    await Promise.race([
      killedMidMail,
      exited(first.proc).then(() => {
        if (!killing) throw new Error(`the server stopped before the kill:\n${first.output()}`);
      }),
    ]);
    await killedMidMail;
    const atKill = ours().length;
    expect(atKill).toBe(KILL_AT);
    const killedAt = Date.now();

    const second = await startProcess(false);
    const secondReady = Date.now();
    await vi
      .waitFor(async () => expect((await campaign(first.ready)).status).toBe('sent'), {
        timeout: 150_000,
        interval: 250,
      })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nthe restarted server said:\n${second.output()}`);
      });
    const seconds = (Date.now() - started) / 1000;

    const mails = ours();
    const perRecipient = new Map<string, number>();
    for (const mail of mails) {
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    const view = await campaign(first.ready);
    // Only the mail in its SMTP call at the kill may be in doubt; it is reported, never resent.
    expect(view.stats.uncertain).toBeLessThanOrEqual(1);
    expect(view.stats).toMatchObject({
      recipients: SUBSCRIBERS,
      pending: 0,
      delivered: SUBSCRIBERS - view.stats.uncertain,
      failed: view.stats.uncertain,
    });
    expect(perRecipient.size).toBeGreaterThanOrEqual(SUBSCRIBERS - view.stats.uncertain);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `campaign restart: ${mails.length} mails, ${atKill} before the kill, ${view.stats.uncertain} uncertain, ${seconds.toFixed(1)} s` +
        ` (first process ready ${s(firstReady - started)} of which the server's start ${s(first.ready.startMs)},` +
        ` sending until the kill ${s(killedAt - firstReady)}, second start ${s(secondReady - killedAt)}` +
        ` of which the server's start ${s(second.ready.startMs)}, the rest ${s(Date.now() - secondReady)})`,
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
    expect((await campaign(first.ready)).stats).toMatchObject({
      opened: 5,
      clicked: 2,
      unsubscribed: 3,
    });
  }, 240_000);
});
