// Benchmark of an email campaign send: BENCH_CAMPAIGN_SUBSCRIBERS (2000) subscribers, sent by
// the campaign runner (the send job's code) through SMTP to a local smtp-server in another
// process; prints mails per second with the batch size and rate limit used, and the peak RSS of
// this process during the send. On Postgres when DATABASE_URL is set (own schema), else PGlite.
// Settings: BENCH_CAMPAIGN_BATCH (100), BENCH_CAMPAIGN_RATE (mails/s per gateway, 1000). A
// second send runs at the shipped per-gateway rate limit (the settings' default) on
// BENCH_CAMPAIGN_SHIPPED_SUBSCRIBERS (200).
// `npm run bench:campaign -w @printloom/server` builds the server first.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp, dropPgSchema, jobsSchemaFor, parseServerSettings } from '../dist/index.js';
import { runEmailCampaign } from '../dist/marketing/campaignMail.js';
import { insertUser } from '../dist/sql/users.js';

const COUNT = Number(process.env.BENCH_CAMPAIGN_SUBSCRIBERS ?? 2000);
const BATCH = Number(process.env.BENCH_CAMPAIGN_BATCH ?? 100);
const RATE = Number(process.env.BENCH_CAMPAIGN_RATE ?? 1000);
// The shipped per-gateway rate limit (settings default), on fewer subscribers so it stays brief.
const SHIPPED_RATE = parseServerSettings({ secret: 'bench' }).campaignRatePerSecond;
const SHIPPED_COUNT = Number(process.env.BENCH_CAMPAIGN_SHIPPED_SUBSCRIBERS ?? 200);

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    if (message) child.send(message);
  });
}

async function send(app, user, sink, backend, count, rate) {
  const [store] = await app.db.query(
    "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Bench', 'https://bench.example.test') RETURNING id",
    [user.id],
  );
  await app.db.query(
    `INSERT INTO subscribers (seller_id, store_id, email)
     SELECT $1, $2, 'fan' || g || '-' || $4::text || '@example.test' FROM generate_series(1, $3::int) g`,
    [user.id, store.id, count, String(store.id)],
  );
  const [campaign] = await app.db.query(
    `INSERT INTO email_campaigns (seller_id, store_id, name, subject, blocks, audience, status, send_at)
     VALUES ($1, $2, 'Bench', 'Bench mail', $3::jsonb, '{"kind":"all"}', 'scheduled', now()) RETURNING id`,
    [
      user.id,
      store.id,
      JSON.stringify([
        { type: 'heading', text: 'Bench' },
        { type: 'text', text: 'A paragraph of text.\n\nAnother one.' },
        { type: 'button', label: 'Shop', href: 'https://bench.example.test/' },
        { type: 'divider' },
      ]),
    ],
  );
  const before = await ask(sink, 'count');
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const result = await runEmailCampaign(
    app.db,
    { ...app.config, campaignRatePerSecond: rate },
    app.log,
    Number(campaign.id),
    { signal: new AbortController().signal },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const received = await ask(sink, 'count');
  console.log(
    `email campaign on ${backend}: ${count} subscribers, batch ${BATCH}, rate limit ${rate}/s per gateway`,
  );
  console.log(
    `  ${result.state}: ${result.delivered} delivered, ${result.failed} failed in ${seconds.toFixed(1)} s` +
      ` = ${(result.delivered / seconds).toFixed(1)} mails/s; peak RSS ${(peak / 1048576).toFixed(0)} MiB`,
  );
  console.log(
    `  SMTP server received ${received.mails - before.mails} mails; ${received.duplicates} duplicated in all`,
  );
}

async function main() {
  const sink = fork(new URL('./smtpSinkProcess.js', import.meta.url));
  const { port } = await ask(sink);
  const backend = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const schema = backend === 'pg' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await buildApp({
    secret: 'bench',
    smtpUrl: `smtp://127.0.0.1:${port}`,
    campaignBatchSize: BATCH,
    campaignRatePerSecond: RATE,
    ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
  });
  try {
    const user = await insertUser(app.db, {
      name: 'Bench',
      email: 'campaign-bench@example.test',
      passwordHash: 'x',
      tags: ['email marketing'],
    });
    // The raised rate shows what the sender itself can do; the shipped one what a seller gets.
    await send(app, user, sink, backend, COUNT, RATE);
    await send(app, user, sink, backend, SHIPPED_COUNT, SHIPPED_RATE);
  } finally {
    await app.close();
    sink.send('stop');
    if (schema) {
      await dropPgSchema(process.env.DATABASE_URL, schema);
      await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(schema));
    }
  }
}

await main();
