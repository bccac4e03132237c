import type { ClientInfo } from './ClientInfo.js';

/**
 * Reads a `/cdn-cgi/trace` answer (spec §7 client info): `key=value` lines as Cloudflare and the
 * Printloom server write them. Unknown lines are kept; malformed ones are skipped.
 */
export function parseTrace(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    fields[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return fields;
}

/** The client info a trace tells: the address, the country as location, the user agent. */
export function clientInfoFromTrace(
  trace: Record<string, string>,
): Pick<ClientInfo, 'ip' | 'location' | 'userAgent'> {
  const country = /^[A-Z]{2}$/.test(trace.loc ?? '') && trace.loc !== 'XX' ? trace.loc : '';
  return { ip: trace.ip ?? '', location: country ?? '', userAgent: trace.uag ?? '' };
}
