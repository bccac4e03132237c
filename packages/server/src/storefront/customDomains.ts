import type { Queryable } from '../db/Db.js';
import { verifiedDomainSlugs } from '../sql/domains.js';

/**
 * The verified custom domains and the store slug each serves. Fastify's `rewriteUrl` runs
 * synchronously, so the map is kept in memory: loaded at start, reloaded after every domain or
 * store change made through this server and every `refreshMs` for changes made by another.
 */
export class CustomDomains {
  private bySlug = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  /** The slug of the store a verified custom domain serves, or null. */
  slugOf(host: string | undefined): string | null {
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    return this.bySlug.get(name) ?? null;
  }

  async reload(db: Queryable): Promise<void> {
    const rows = await verifiedDomainSlugs(db);
    this.bySlug = new Map(rows.map((r) => [r.hostname, r.slug]));
  }

  start(db: Queryable, refreshMs: number, onError: (error: unknown) => void): void {
    this.stop();
    this.timer = setInterval(() => {
      this.reload(db).catch(onError);
    }, refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
