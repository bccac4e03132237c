/**
 * Senders of sellers' email gateways (issue 15): SMTP through nodemailer, Mailgun through its
 * HTTP API (`POST {base}/v3/{domain}/messages`, basic auth `api:{key}`, form fields), SES through
 * the SES v2 HTTP API (`POST {base}/v2/email/outbound-emails`, AWS Signature V4). A refusal
 * throws a GatewayError carrying the provider's own message.
 */
import { createHash, createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type {
  EmailGatewayDriver,
  MailgunCredentials,
  SesCredentials,
  SmtpCredentials,
} from '@printloom/core';
import nodemailer from 'nodemailer';
import type { ServerSettings } from '../config.js';

export interface GatewayMail {
  /** The From address; the gateway's own when omitted. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export class GatewayError extends Error {}

export type GatewayEndpoints = Pick<
  ServerSettings,
  'mailgunBaseUrl' | 'mailgunEuBaseUrl' | 'sesBaseUrl'
> &
  Partial<Pick<ServerSettings, 'emailGatewayPrivateHosts'>>;

export type GatewayConfig =
  | { driver: 'smtp'; credentials: SmtpCredentials }
  | { driver: 'mailgun'; credentials: MailgunCredentials }
  | { driver: 'ses'; credentials: SesCredentials };

/** Sends one mail; resolves to the provider's message id (null when it gives none). */
export async function sendThroughGateway(
  gateway: GatewayConfig,
  mail: GatewayMail,
  endpoints: GatewayEndpoints,
  timeoutMs = 15_000,
): Promise<string | null> {
  switch (gateway.driver) {
    case 'smtp':
      return sendSmtp(
        gateway.credentials,
        mail,
        timeoutMs,
        endpoints.emailGatewayPrivateHosts === true,
      );
    case 'mailgun':
      return sendMailgun(gateway.credentials, mail, endpoints, timeoutMs);
    case 'ses':
      return sendSes(gateway.credentials, mail, endpoints, timeoutMs);
  }
}

export const DRIVERS: readonly EmailGatewayDriver[] = ['smtp', 'mailgun', 'ses'];

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** The address to connect to: resolved once, and refused when private unless allowed. */
async function smtpAddress(host: string, allowPrivate: boolean): Promise<string> {
  let address: string;
  try {
    address = isIP(host) ? host : (await lookup(host)).address;
  } catch {
    throw new GatewayError(`The SMTP host ${host} could not be found`);
  }
  if (!allowPrivate && PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) {
    throw new GatewayError(`The SMTP host ${host} is not a public address`);
  }
  return address;
}

async function sendSmtp(
  c: SmtpCredentials,
  mail: GatewayMail,
  timeoutMs: number,
  allowPrivate: boolean,
) {
  const address = await smtpAddress(c.host, allowPrivate);
  const transport = nodemailer.createTransport({
    host: address,
    // TLS still checks the certificate against the name the seller gave.
    ...(isIP(c.host) ? {} : { tls: { servername: c.host } }),
    port: c.port,
    secure: c.secure,
    ...(c.username ? { auth: { user: c.username, pass: c.password } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: mail.from ?? c.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
    return typeof info.messageId === 'string' ? info.messageId : null;
  } catch (error) {
    throw new GatewayError(error instanceof Error ? error.message : String(error));
  } finally {
    transport.close();
  }
}

/** The provider's message from an error answer: a JSON `message`/`Message`, else the text. */
async function providerMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const json = JSON.parse(text) as { message?: unknown; Message?: unknown };
    const message = json.message ?? json.Message;
    if (typeof message === 'string' && message) return `${response.status}: ${message}`;
  } catch {
    // not JSON: the text itself
  }
  return `${response.status}: ${text.slice(0, 300) || response.statusText}`;
}

async function post(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GatewayError(
      `The gateway could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function sendMailgun(
  c: MailgunCredentials,
  mail: GatewayMail,
  endpoints: GatewayEndpoints,
  timeoutMs: number,
) {
  const base = c.region === 'eu' ? endpoints.mailgunEuBaseUrl : endpoints.mailgunBaseUrl;
  const form = new URLSearchParams({
    from: mail.from ?? c.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  });
  if (mail.html) form.set('html', mail.html);
  for (const [name, value] of Object.entries(mail.headers ?? {})) form.set(`h:${name}`, value);
  const response = await post(
    `${base.replace(/\/$/, '')}/v3/${encodeURIComponent(c.domain)}/messages`,
    {
      headers: {
        authorization: `Basic ${Buffer.from(`api:${c.api_key}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    },
    timeoutMs,
  );
  if (!response.ok) throw new GatewayError(await providerMessage(response));
  const json = (await response.json().catch(() => ({}))) as { id?: unknown };
  return typeof json.id === 'string' ? json.id : null;
}

async function sendSes(
  c: SesCredentials,
  mail: GatewayMail,
  endpoints: GatewayEndpoints,
  timeoutMs: number,
) {
  const base = endpoints.sesBaseUrl.replace('{region}', c.region).replace(/\/$/, '');
  const url = new URL(`${base}/v2/email/outbound-emails`);
  const body = JSON.stringify({
    FromEmailAddress: mail.from ?? c.from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: mail.text, Charset: 'UTF-8' },
          ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
        },
        ...(mail.headers
          ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) }
          : {}),
      },
    },
  });
  const headers = signV4({
    method: 'POST',
    url,
    body,
    region: c.region,
    service: 'ses',
    accessKeyId: c.access_key_id,
    secretAccessKey: c.secret_access_key,
    headers: { 'content-type': 'application/json' },
  });
  const response = await post(url.toString(), { headers, body }, timeoutMs);
  if (!response.ok) throw new GatewayError(await providerMessage(response));
  const json = (await response.json().catch(() => ({}))) as { MessageId?: unknown };
  return typeof json.MessageId === 'string' ? json.MessageId : null;
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

export interface SignV4Input {
  method: string;
  url: URL;
  body: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  headers: Record<string, string>;
  now?: Date;
  /** Adds and signs `x-amz-content-sha256` (true unless told otherwise). */
  contentHashHeader?: boolean;
}

/**
 * AWS Signature Version 4 for one request (header form): the headers to send, with `host`,
 * `x-amz-date`, `x-amz-content-sha256` and `authorization` added.
 */
export function signV4(input: SignV4Input): Record<string, string> {
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(input.body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers))
    headers[name.toLowerCase()] = value.trim();
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  if (input.contentHashHeader !== false) headers['x-amz-content-sha256'] = payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...input.url.searchParams]
    .map(([k, v]): [string, string] => [encodeRfc3986(k), encodeRfc3986(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    input.url.pathname
      .split('/')
      .map((part) => encodeRfc3986(decodeURIComponent(part)))
      .join('/'),
    canonicalQuery,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, input.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
