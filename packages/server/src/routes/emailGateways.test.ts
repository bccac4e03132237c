import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { sendStoreMail } from '../mail/storeMail.js';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server answering as Mailgun and SES document; `fail` makes it refuse. */
function providerServer(seen: Seen[], state: { fail: boolean }): Server {
  return createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: text });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v3/')) {
        if (state.fail) {
          res.statusCode = 401;
          res.end(JSON.stringify({ message: 'Invalid private key' }));
          return;
        }
        res.end(
          JSON.stringify({ id: '<20261127.1@mg.example.test>', message: 'Queued. Thank you.' }),
        );
        return;
      }
      if (req.url === '/v2/email/outbound-emails') {
        if (state.fail) {
          res.statusCode = 400;
          res.end(JSON.stringify({ message: 'Email address is not verified.' }));
          return;
        }
        res.end(JSON.stringify({ MessageId: 'ses-0001' }));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
}

/** A tiny SMTP responder: accepts one mail per session and keeps its DATA. */
function smtpServer(mails: string[]): NetServer {
  return createNetServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 localhost ESMTP test\r\n');
    let data: string | null = null;
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
}

const listen = async (server: Server | NetServer): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe.each(BACKENDS)('email gateways on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let otherId: number;
  let other: string;
  let member: string;
  let smtpPort: number;
  const seen: Seen[] = [];
  const mails: string[] = [];
  const state = { fail: false };
  const http = providerServer(seen, state);
  const smtp = smtpServer(mails);

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const port = await listen(http);
    smtpPort = await listen(smtp);
    const base = `http://127.0.0.1:${port}`;
    t = await createTestApp(backend, {
      mailgunBaseUrl: base,
      mailgunEuBaseUrl: base,
      sesBaseUrl: base,
      emailGatewayPrivateHosts: true,
    });
    sellerId = (await createUser(t.app, { email: 'mailer@example.test' })).id;
    otherId = (await createUser(t.app, { email: 'other-mailer@example.test' })).id;
    seller = await login(t.app, 'mailer@example.test');
    other = await login(t.app, 'other-mailer@example.test');
    member = await memberSession(t.app, sellerId, 'helper@example.test', ['update_payments']);
  });
  afterAll(async () => {
    await t?.close();
    http.close();
    smtp.close();
  });

  const mailgun = {
    name: 'Mailgun EU',
    driver: 'mailgun',
    credentials: {
      domain: 'mg.example.test',
      api_key: 'key-0123456789abcdef',
      region: 'eu',
      from: 'shop@mg.example.test',
    },
  };

  it('adds a gateway, seals its credentials and lists them masked', async () => {
    const created = await call(seller, 'POST', '/seller/email-gateways', mailgun);
    expect(created.statusCode).toBe(200);
    const gateway = body<{ id: number; credentials: Record<string, unknown>; store_id: null }>(
      created,
    ).data;
    expect(gateway.credentials).toEqual({
      domain: 'mg.example.test',
      api_key: '•••• cdef',
      region: 'eu',
      from: 'shop@mg.example.test',
    });
    expect(gateway.store_id).toBeNull();
    const [row] = await t.app.db.query<{ credentials_sealed: string }>(
      'SELECT credentials_sealed FROM email_gateways WHERE id = $1',
      [gateway.id],
    );
    expect(row?.credentials_sealed.startsWith('v1.')).toBe(true);
    expect(row?.credentials_sealed).not.toContain('key-0123456789abcdef');
    const list = await call(seller, 'GET', '/seller/email-gateways');
    expect(JSON.stringify(body(list).data)).not.toContain('0123456789');
    expect(body<unknown[]>(list).data).toHaveLength(1);
  });

  it('sends a Mailgun test through its HTTP API with basic auth', async () => {
    const [gateway] = body<Array<{ id: number }>>(
      await call(seller, 'GET', '/seller/email-gateways'),
    ).data;
    const response = await call(seller, 'POST', `/seller/email-gateways/${gateway?.id}/test`, {
      to: 'buyer@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect(body<{ message_id: string }>(response).data.message_id).toBe(
      '<20261127.1@mg.example.test>',
    );
    const request = seen.at(-1);
    expect(request?.url).toBe('/v3/mg.example.test/messages');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('api:key-0123456789abcdef').toString('base64')}`,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get('to')).toBe('buyer@example.test');
    expect(form.get('from')).toBe('shop@mg.example.test');
    expect(form.get('subject')).toContain('Mailgun EU');
  });

  it("sends a store's mail through the seller's every-store gateway, others through the platform", async () => {
    const before = seen.length;
    await sendStoreMail(
      t.app.db,
      t.app.log,
      t.app.config,
      { sellerId, storeId: 42 },
      { to: 'buyer@example.test', subject: 'Your cart', body: 'Come back' },
    );
    expect(seen.length).toBe(before + 1);
    const form = new URLSearchParams(seen.at(-1)?.body);
    expect(form.get('subject')).toBe('Your cart');
    expect(form.get('text')).toBe('Come back');
    const [outbox] = await t.app.db.query<{ sent_at: Date | null }>(
      "SELECT sent_at FROM outbox WHERE subject = 'Your cart' ORDER BY id DESC LIMIT 1",
    );
    expect(outbox?.sent_at).not.toBeNull();
    await sendStoreMail(
      t.app.db,
      t.app.log,
      t.app.config,
      { sellerId: otherId, storeId: 42 },
      { to: 'buyer@example.test', subject: 'Other cart', body: 'Come back' },
    );
    expect(seen.length).toBe(before + 1);
    const [queued] = await t.app.db.query<{ sent_at: Date | null }>(
      "SELECT sent_at FROM outbox WHERE subject = 'Other cart'",
    );
    expect(queued?.sent_at).toBeNull();
  });

  it("answers 422 with the provider's message when the provider refuses", async () => {
    const [gateway] = body<Array<{ id: number }>>(
      await call(seller, 'GET', '/seller/email-gateways'),
    ).data;
    state.fail = true;
    const response = await call(seller, 'POST', `/seller/email-gateways/${gateway?.id}/test`, {
      to: 'buyer@example.test',
    });
    state.fail = false;
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toContain('Invalid private key');
    const [listed] = body<Array<{ last_test_ok: boolean; last_test_message: string }>>(
      await call(seller, 'GET', '/seller/email-gateways'),
    ).data;
    expect(listed?.last_test_ok).toBe(false);
    expect(listed?.last_test_message).toContain('Invalid private key');
  });

  it('sends an SES test through the v2 API signed with Signature V4', async () => {
    const created = await call(seller, 'POST', '/seller/email-gateways', {
      name: 'SES',
      driver: 'ses',
      credentials: {
        region: 'eu-west-1',
        access_key_id: 'AKIAIOSFODNN7EXAMPLE',
        secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        from: 'shop@example.test',
      },
    });
    expect(created.statusCode).toBe(200);
    const id = body<{ id: number }>(created).data.id;
    const response = await call(seller, 'POST', `/seller/email-gateways/${id}/test`, {
      to: 'buyer@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect(body<{ message_id: string }>(response).data.message_id).toBe('ses-0001');
    const request = seen.at(-1);
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    const sent = JSON.parse(request?.body ?? '{}');
    expect(sent.Destination.ToAddresses).toEqual(['buyer@example.test']);
    expect(sent.FromEmailAddress).toBe('shop@example.test');
  });

  it('sends an SMTP test through nodemailer', async () => {
    const created = await call(seller, 'POST', '/seller/email-gateways', {
      name: 'Own SMTP',
      driver: 'smtp',
      credentials: {
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        username: '',
        password: '',
        from: 'shop@example.test',
      },
    });
    const id = body<{ id: number }>(created).data.id;
    const response = await call(seller, 'POST', `/seller/email-gateways/${id}/test`, {
      to: 'buyer@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect(mails.at(-1)).toContain('To: buyer@example.test');
    expect(mails.at(-1)).toContain('Subject: Test mail from Own SMTP');
  });

  it('an SMTP server that cannot be reached is a 422 with the reason', async () => {
    const created = await call(seller, 'POST', '/seller/email-gateways', {
      name: 'Nowhere',
      driver: 'smtp',
      credentials: { host: '127.0.0.1', port: 1, from: 'shop@example.test' },
    });
    const id = body<{ id: number }>(created).data.id;
    const response = await call(seller, 'POST', `/seller/email-gateways/${id}/test`, {
      to: 'buyer@example.test',
    });
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toMatch(/ECONNREFUSED|connect/i);
  });

  it('replaces and deletes a gateway; a bad address is 400', async () => {
    const created = await call(seller, 'POST', '/seller/email-gateways', mailgun);
    const id = body<{ id: number }>(created).data.id;
    const updated = await call(seller, 'PUT', `/seller/email-gateways/${id}`, {
      ...mailgun,
      name: 'Mailgun US',
      credentials: { ...mailgun.credentials, region: 'us' },
    });
    expect(updated.statusCode).toBe(200);
    expect(body<{ name: string }>(updated).data.name).toBe('Mailgun US');
    const bad = await call(seller, 'POST', '/seller/email-gateways', {
      ...mailgun,
      credentials: { ...mailgun.credentials, from: 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
    const foreignStore = await call(seller, 'POST', '/seller/email-gateways', {
      ...mailgun,
      store_id: 999_999,
    });
    expect(foreignStore.statusCode).toBe(404);
    expect((await call(seller, 'DELETE', `/seller/email-gateways/${id}`)).statusCode).toBe(200);
    expect((await call(seller, 'DELETE', `/seller/email-gateways/${id}`)).statusCode).toBe(404);
  });

  it("keeps another seller's gateways apart and refuses team members", async () => {
    const [gateway] = body<Array<{ id: number }>>(
      await call(seller, 'GET', '/seller/email-gateways'),
    ).data;
    expect(body<unknown[]>(await call(other, 'GET', '/seller/email-gateways')).data).toEqual([]);
    const foreign = await call(other, 'POST', `/seller/email-gateways/${gateway?.id}/test`, {
      to: 'x@example.test',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(member, 'GET', '/seller/email-gateways')).statusCode).toBe(403);
  });
});
