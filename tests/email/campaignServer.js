// A Printloom server process for the campaign restart test: the server's own start function on a
// data directory (embedded PGlite), the platform mail through the test's SMTP server. With
// `--seed` it first makes a seller, a store, its subscribers and a campaign, and sends it. Reports
// over IPC: { ready, token, campaignId, startMs } (startMs: the server's start, before any
// seeding). Runs from the server's build (`npm run build -w packages/core -w packages/server`).
import { openServiceSession, startServer } from '@printloom/server';
import { insertUser } from '../../packages/server/dist/sql/users.js';

const [dataDir, port, smtpUrl, subscribers, seed] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}`;
const startedAt = Date.now();
const server = await startServer(
  {
    dataDir,
    secret: 'campaign-restart-test',
    smtpUrl,
    publicUrl: base,
    logger: { level: 'warn' },
    // Raised from the shipped 20 mails/s so 2,000 mails take seconds, not minutes: the pace is
    // then the machine's. A mail in flight is taken for interrupted after 3 s, not 2 minutes
    // (the local SMTP server answers in milliseconds).
    campaignBatchSize: 100,
    campaignRatePerSecond: Number(process.env.CAMPAIGN_RATE ?? 1000),
    campaignInFlightSeconds: 3,
    jobPollingSeconds: 0.5,
  },
  { port: Number(port), host: '127.0.0.1' },
);
const startMs = Date.now() - startedAt;
const db = server.app.db;

let token = '';
let campaignId = 0;
if (seed === '--seed') {
  const seller = await insertUser(db, {
    name: 'Restart Seller',
    email: 'restart@example.test',
    passwordHash: 'not-used',
    tags: ['email marketing'],
    emailVerified: true,
  });
  const [store] = await db.query(
    "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Restart Tees', 'https://restart.example.test') RETURNING id",
    [seller.id],
  );
  await db.query(
    `INSERT INTO subscribers (seller_id, store_id, email)
     SELECT $1, $2, 'fan' || g || '@example.test' FROM generate_series(1, $3::int) g`,
    [seller.id, store.id, Number(subscribers)],
  );
  token = (await openServiceSession(db, seller.id)).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/seller/email-marketing/campaigns`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Restart',
      store_id: Number(store.id),
      subject: 'Restart sale',
      blocks: [
        { type: 'heading', text: 'Restart sale' },
        { type: 'button', label: 'Shop now', href: 'https://restart.example.test/sale' },
      ],
      audience: { kind: 'all' },
    }),
  }).then((r) => r.json());
  campaignId = created.data.id;
  const sent = await fetch(`${base}/seller/email-marketing/campaigns/${campaignId}/send`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!sent.ok) throw new Error(`send failed: ${await sent.text()}`);
}
process.send?.({ ready: true, token, campaignId, startMs });
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
