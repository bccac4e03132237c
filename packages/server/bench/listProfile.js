// Where one GET /seller/campaign spends its time, through fastify.inject (no sockets): timestamps
// at each fastify hook (auth in onRequest, query validation, the handler with its database
// calls, serialisation with the response check, onSend), the database time of the request's
// queries, and the same response schema check and JSON.stringify timed apart on the answer.
// Postgres (own schema) when DATABASE_URL is set, PGlite in memory otherwise.
// Size: BENCH_PROFILE_CAMPAIGNS (default 100,000), requests: BENCH_PROFILE_REQUESTS (default 300).
// Runs the built server (dist): `npm run build -w @printloom/server && node bench/listProfile.js`.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { API, successEnvelope } from '@printloom/core';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { insertUser } from '../dist/sql/users.js';

const PG = Boolean(process.env.DATABASE_URL);
const SIZE = Number(process.env.BENCH_PROFILE_CAMPAIGNS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 300);
const URL = process.env.BENCH_PROFILE_URL ?? '/seller/campaign';
const backend = PG ? 'pg' : 'pglite';

const schema = PG ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const app = await buildApp({
  secret: 'bench',
  authRateLimit: 1_000_000,
  ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
});

// Database time of the request in flight (one request at a time).
let dbMs = 0;
let dbCalls = 0;
/** Each query's time by its place in the request (1st, 2nd, ...). */
const byCall = [];
const query = app.db.query.bind(app.db);
app.db.query = async (sql, params) => {
  const start = performance.now();
  try {
    return await query(sql, params);
  } finally {
    const took = performance.now() - start;
    dbMs += took;
    byCall[dbCalls] ??= { sql: sql.replace(/\s+/g, ' ').slice(0, 60), times: [] };
    byCall[dbCalls].times.push(took);
    dbCalls += 1;
  }
};

const marks = new Map();
const mark = (name) => async (request) => {
  (marks.get(request) ?? marks.set(request, {}).get(request))[name] = performance.now();
};
app.addHook('onRequest', mark('authed'));
app.addHook('preValidation', mark('preValidation'));
app.addHook('preHandler', mark('validated'));
app.addHook('preSerialization', async (request, _reply, payload) => {
  await mark('handled')(request);
  return payload;
});
app.addHook('onSend', async (request, _reply, payload) => {
  await mark('serialised')(request);
  return payload;
});

try {
  const user = await insertUser(app.db, {
    name: 'Bench',
    email: 'profile@example.test',
    passwordHash: await hash('bench-password'),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email: 'profile@example.test', password: 'bench-password' },
  });
  const token = JSON.parse(login.body).data.access_token;
  const seedStart = performance.now();
  await app.db.query(
    `INSERT INTO campaigns (seller_id, name, slug, status, product_type, created_at, updated_at)
     SELECT $1, 'Campaign ' || g, 'campaign-' || g, (ARRAY['draft','active','inactive'])[1 + g % 3],
            (ARRAY['campaign','campaign_express','campaign_template'])[1 + g % 3],
            now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
     FROM generate_series(1, $2::int) g`,
    [user.id, SIZE],
  );
  await app.db.query('VACUUM ANALYZE campaigns');
  console.log(
    `${backend}: seeded ${SIZE} campaigns in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  byCall.length = 0;
  const phases = {
    total: [],
    'auth (onRequest)': [],
    'query check': [],
    handler: [],
    'serialise + response check': [],
    'inject rest': [],
    database: [],
  };
  let body = '';
  for (let i = 0; i < REQUESTS; i += 1) {
    dbMs = 0;
    dbCalls = 0;
    marks.clear();
    const start = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: URL,
      headers: { authorization: `Bearer ${token}` },
    });
    const end = performance.now();
    if (response.statusCode !== 200) throw new Error(response.body);
    body = response.body;
    const [m] = marks.values();
    phases.total.push(end - start);
    phases['auth (onRequest)'].push(m.authed - start);
    phases['query check'].push(m.validated - m.preValidation);
    phases.handler.push(m.handled - m.validated);
    phases['serialise + response check'].push(m.serialised - m.handled);
    phases['inject rest'].push(end - m.serialised);
    phases.database.push(dbMs);
  }
  const p = (values, q) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };
  console.log(`${backend}: ${URL} at ${SIZE} campaigns, ${REQUESTS} requests, ${dbCalls} queries:`);
  for (const [name, values] of Object.entries(phases)) {
    console.log(
      `  ${name.padEnd(28)} p50 ${p(values, 0.5).toFixed(3)} ms  p99 ${p(values, 0.99).toFixed(3)} ms`,
    );
  }
  for (const [i, { sql, times }] of byCall.entries()) {
    if (times.length < REQUESTS) continue;
    console.log(
      `  query ${i + 1} p50 ${p(times.slice(-REQUESTS), 0.5).toFixed(3)} ms  p99 ${p(times.slice(-REQUESTS), 0.99).toFixed(3)} ms  ${sql}`,
    );
  }
  // The response check and JSON.stringify alone, on the answer just sent.
  const envelope = successEnvelope(API.campaigns.list.response);
  const answer = JSON.parse(body);
  const check = [];
  const stringify = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    let start = performance.now();
    const parsed = envelope.safeParse(answer);
    check.push(performance.now() - start);
    start = performance.now();
    JSON.stringify(parsed.data);
    stringify.push(performance.now() - start);
  }
  console.log(
    `  apart: response safeParse p50 ${p(check, 0.5).toFixed(3)} ms, JSON.stringify p50 ${p(stringify, 0.5).toFixed(3)} ms (${body.length} bytes)`,
  );
} finally {
  await app.close();
  if (schema) {
    await dropPgSchema(process.env.DATABASE_URL, schema);
    await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(schema));
  }
}
