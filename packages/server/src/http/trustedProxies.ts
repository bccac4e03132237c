import { isIP } from 'node:net';

/** Named ranges proxy-addr (Fastify's trustProxy) knows, usable in TRUST_PROXY. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (10.0.0.1, ::1), a CIDR range (192.168.0.0/16, fd00::/8) or a named range. */
export function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For the server believes (the client address of rate limits and logs):
 * nobody's (false), the loopback proxies only (true: a proxy on the same host), or the listed
 * proxy addresses and ranges. A forwarded header from any other peer is ignored: its sender
 * could claim any address.
 */
export function trustedProxies(setting: boolean | readonly string[]): false | string[] {
  if (setting === false) return false;
  if (setting === true) return ['loopback'];
  return setting.length === 0 ? false : [...setting];
}
