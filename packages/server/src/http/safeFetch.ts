/**
 * Fetching an address someone else named (the image proxy's `url`) without letting them reach
 * the server's own network (SSRF).
 *
 * The decision is made on the address actually connected to, never on the text of the URL:
 * - an address literal is judged as written (the WHATWG parser already turned `127.1`,
 *   `2130706433`, `0x7f000001` and `017700000001` into `127.0.0.1`);
 * - IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`) and NAT64 (`64:ff9b::/96`)
 *   IPv6 addresses are judged by the IPv4 address inside them;
 * - only globally routable unicast addresses pass (ipaddr.js ranges: everything but `unicast` is
 *   refused — loopback, private, link-local, unique-local, CGNAT, multicast, broadcast,
 *   unspecified, reserved, documentation, benchmarking, 6to4, Teredo, …; IPv6 must also lie in
 *   2000::/3);
 * - a name is resolved ONCE, every address it gives must pass, and the connection goes to exactly
 *   the address that was checked (a fixed connector: no second lookup, so a DNS answer that
 *   changes between check and connect — rebinding — cannot steer it elsewhere);
 * - redirects are never followed, the body is capped and the whole fetch has a deadline.
 *
 * Failures come out as one of three kinds, so a caller can answer without turning into a port
 * scanner: `refusedLiteral` (the URL itself names a refused address: nothing was looked up or
 * contacted, so saying so reveals nothing), `unavailable` (every outcome that touched DNS or the
 * network — a name resolving to a refused address, no DNS answer, a refused or timed-out
 * connection, a redirect, a non-2xx answer — deliberately indistinguishable) and `tooLarge`.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → addresses; the system resolver unless a caller (a test, a custom DNS) brings its own. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type SafeFetchFailure = 'refusedLiteral' | 'unavailable' | 'tooLarge';

export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SafeFetchError';
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address inside `::ffff:a.b.c.d`, `::a.b.c.d` or `64:ff9b::a.b.c.d`, if any. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const p = address.parts;
  const low = (i: number) => p[i] ?? 0;
  const v4 = () => new ipaddr.IPv4([low(6) >> 8, low(6) & 0xff, low(7) >> 8, low(7) & 0xff]);
  // IPv4-compatible (deprecated ::/96; also covers :: and ::1, which land in 0.0.0.0/8).
  if (p.slice(0, 6).every((part) => part === 0)) return v4();
  // NAT64 well-known prefix (RFC 6052): 64:ff9b::/96.
  if (low(0) === 0x64 && low(1) === 0xff9b && p.slice(2, 6).every((part) => part === 0)) {
    return v4();
  }
  return null;
}

/**
 * The address to connect to when `address` may be fetched, or null when it is refused. Mapped
 * and compatible IPv6 forms connect over IPv4; a NAT64 address keeps its IPv6 form (the network
 * translates it) once the IPv4 address inside is public.
 */
export function connectableAddress(address: string): ResolvedAddress | null {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    return parsed.range() === 'unicast' ? { address: parsed.toString(), family: 4 } : null;
  }
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) {
    if (inner.range() !== 'unicast') return null;
    return v6.isIPv4MappedAddress() || v6.parts[0] === 0
      ? { address: inner.toString(), family: 4 }
      : { address: v6.toNormalizedString(), family: 6 };
  }
  if (v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6)) return null;
  return { address: v6.toString(), family: 6 };
}

/** Whether an address is one the server never fetches (see the module comment). */
export function isBlockedAddress(address: string): boolean {
  return connectableAddress(address) === null;
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  resolve?: ResolveHost | undefined;
  /**
   * Skips the address check (not the single lookup): for the server's own configured storage,
   * which may sit on a private network.
   */
  trusted?: boolean | undefined;
}

/** Picks the address to connect to: one lookup, and every answer must pass. */
async function targetOf(
  url: URL,
  resolve: ResolveHost,
  trusted: boolean,
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (trusted) return { address: host, family: isIP(host) === 6 ? 6 : 4 };
    const target = connectableAddress(host);
    if (!target) throw new SafeFetchError('refusedLiteral', `refused address ${host}`);
    return target;
  }
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host);
  } catch (error) {
    throw new SafeFetchError('unavailable', `lookup of ${host} failed: ${String(error)}`);
  }
  const [first] = answers;
  if (!first) throw new SafeFetchError('unavailable', `no address for ${host}`);
  if (trusted) return first;
  const checked = answers.map((a) => connectableAddress(a.address));
  const [target] = checked;
  if (!target || checked.some((a) => a === null)) {
    throw new SafeFetchError('unavailable', `${host} resolves to a refused address`);
  }
  return target;
}

/**
 * The connection of one request under the rules of the module comment: http or https only, the
 * host looked up once and its address checked, every connection made to that address (TLS still
 * names and verifies the host of the URL), and a deadline for the whole request.
 */
async function pinnedConnection(
  url: URL,
  options: { timeoutMs: number; resolve?: ResolveHost | undefined; trusted?: boolean | undefined },
): Promise<{ dispatcher: Agent; signal: AbortSignal }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('refusedLiteral', `refused scheme ${url.protocol}`);
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  const target = await targetOf(
    url,
    options.resolve ?? resolveWithSystem,
    options.trusted === true,
  );
  const hostIsName = isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0;
  const connect = buildConnector({ timeout: options.timeoutMs });
  const dispatcher = new Agent({
    connect: (connectOptions, callback) =>
      connect(
        {
          ...connectOptions,
          hostname: target.address,
          ...(hostIsName ? { servername: url.hostname } : {}),
        },
        callback,
      ),
  });
  return { dispatcher, signal };
}

/** GET `url` (http or https) under the rules of the module comment; the body's bytes. */
export async function safeFetch(url: URL, options: SafeFetchOptions): Promise<Buffer> {
  const { dispatcher, signal } = await pinnedConnection(url, options);
  try {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, { method: 'GET', dispatcher, signal });
    } catch (error) {
      throw new SafeFetchError('unavailable', `fetch of ${url.host} failed: ${String(error)}`);
    }
    // Dropping a body early aborts it; the abort is expected, not an error for the process.
    response.body.on('error', () => {});
    // Redirects are answers like any other non-2xx: following one could lead inside.
    if (response.statusCode < 200 || response.statusCode >= 300) {
      response.body.destroy();
      throw new SafeFetchError('unavailable', `${url.host} answered ${response.statusCode}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.body.destroy();
      throw new SafeFetchError('tooLarge', `${declared} bytes declared`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        if (size > options.maxBytes) {
          response.body.destroy();
          throw new SafeFetchError('tooLarge', `over ${options.maxBytes} bytes`);
        }
        chunks.push(bytes);
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError('unavailable', `reading ${url.host} failed: ${String(error)}`);
    }
    return Buffer.concat(chunks);
  } finally {
    await dispatcher.destroy().catch(() => {});
  }
}

export interface SafePostOptions {
  timeoutMs: number;
  resolve?: ResolveHost | undefined;
  /** Skips the address check: the server allows private targets (PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS). */
  trusted?: boolean | undefined;
  headers: Record<string, string>;
}

/**
 * POSTs `body` to `url` under the same address rules as `safeFetch` (one lookup, the checked
 * address connected to, no redirects, a deadline) and answers the status code whatever it is:
 * a webhook sender records every answer. Up to 4 KB of the answer is read, then dropped.
 */
export async function safePost(
  url: URL,
  body: string,
  options: SafePostOptions,
): Promise<{ statusCode: number; text: string }> {
  const { dispatcher, signal } = await pinnedConnection(url, options);
  try {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        method: 'POST',
        dispatcher,
        signal,
        headers: options.headers,
        body,
      });
    } catch (error) {
      throw new SafeFetchError('unavailable', `post to ${url.host} failed: ${String(error)}`);
    }
    response.body.on('error', () => {});
    let text = '';
    try {
      for await (const chunk of response.body) {
        text += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
        if (text.length > 4096) {
          response.body.destroy();
          break;
        }
      }
    } catch {
      // The status is what counts; a broken answer body does not change it.
    }
    return { statusCode: response.statusCode, text: text.slice(0, 4096) };
  } finally {
    await dispatcher.destroy().catch(() => {});
  }
}

/**
 * Whether a URL may be named as a webhook target: false when its address literal, or any
 * address its name resolves to, is refused. A name that does not resolve now is accepted (its
 * deliveries will record the failure).
 */
export async function isPublicTarget(url: URL, resolve: ResolveHost = resolveWithSystem) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return connectableAddress(host) !== null;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host);
  } catch {
    return true;
  }
  return answers.every((a) => connectableAddress(a.address) !== null);
}

export interface SafeRequestOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  resolve?: ResolveHost | undefined;
  /** Skips the address check (tests and demos reaching a local server). */
  trusted?: boolean | undefined;
}

/**
 * A request to an outside API (connected shops) under the same address rules as `safeFetch`: one
 * lookup, the checked address connected to, no redirects followed, a deadline and a size cap.
 * Answers whatever the status is, with the headers and the body as text.
 */
export async function safeRequest(
  url: URL,
  options: SafeRequestOptions,
): Promise<{ statusCode: number; headers: Record<string, string>; text: string }> {
  const { dispatcher, signal } = await pinnedConnection(url, options);
  try {
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        method: options.method,
        dispatcher,
        signal,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
    } catch (error) {
      throw new SafeFetchError('unavailable', `request to ${url.host} failed: ${String(error)}`);
    }
    response.body.on('error', () => {});
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        if (size > options.maxBytes) {
          response.body.destroy();
          throw new SafeFetchError('tooLarge', `over ${options.maxBytes} bytes`);
        }
        chunks.push(bytes);
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError('unavailable', `reading ${url.host} failed: ${String(error)}`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
      else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ');
    }
    return {
      statusCode: response.statusCode,
      headers,
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } finally {
    await dispatcher.destroy().catch(() => {});
  }
}
