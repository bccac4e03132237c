import { API } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../http/registerGroup.js';

/** Country header a CDN in front of the API sets (Cloudflare's name; others copy it). */
const COUNTRY_HEADER = 'cf-ipcountry';

/**
 * `GET /cdn-cgi/trace` (spec §7 client info): the dashboard asks its own host for the visitor's
 * address, in Cloudflare's plain `key=value` format, so the same client code works behind
 * Cloudflare (which answers this path itself) and without it. The country (`loc`) is only known
 * behind a proxy that names it (with TRUST_PROXY); otherwise the line is left out and the
 * dashboard falls back to its network-meta lookup. Not cached: the answer is per visitor.
 */
export async function registerClientTrace(app: FastifyInstance): Promise<void> {
  registerGroup(app, API.clientInfo, {
    trace: async ({ request, reply }) => {
      const country = request.headers[COUNTRY_HEADER];
      const lines: Array<[string, string]> = [
        ['fl', 'printloom'],
        ['h', request.host],
        ['ip', request.ip],
        ['ts', (Date.now() / 1000).toFixed(3)],
        ['visit_scheme', request.protocol],
        ['uag', String(request.headers['user-agent'] ?? '').replace(/[\r\n]/g, ' ')],
        ['http', `http/${request.raw.httpVersion}`],
      ];
      // The country header counts only when a trusted proxy passed the request on (its address
      // then lists the forwarded ones after the peer's); anyone else could forge it.
      const viaTrustedProxy = (request.ips?.length ?? 0) > 1;
      if (viaTrustedProxy && typeof country === 'string' && /^[A-Z]{2}$/.test(country)) {
        lines.push(['loc', country]);
      }
      lines.push(['tls', request.protocol === 'https' ? 'on' : 'off']);
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('cache-control', 'no-store');
      return reply.send(`${lines.map(([k, v]) => `${k}=${v}`).join('\n')}\n`);
    },
  });
}
