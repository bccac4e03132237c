import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seedDemo.js';
import { startServer } from './startServer.js';

describe('startServer in demo mode on a data directory', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('seeds once, prints the logins, serves the API and the dashboard, and restarts on the same data', async () => {
    dir = await mkdtemp(join(tmpdir(), 'printloom-start-'));
    const web = join(dir, 'web');
    await mkdir(web);
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Seller Dashboard</title>');
    const lines: string[] = [];
    const config = { secret: 's', dataDir: join(dir, 'data'), demo: true, webDist: web };
    const first = await startServer(config, { port: 0, host: '127.0.0.1' }, (l) => lines.push(l));
    try {
      expect(lines).toContain('Demo data seeded.');
      expect(lines.some((l) => l.startsWith('Demo history seeded: '))).toBe(true);
      expect(lines.join('\n')).toContain(DEMO_ACCOUNTS.seller);
      const version = await fetch(`${first.url}/api3/version`);
      expect(version.status).toBe(200);
      for (const email of Object.values(DEMO_ACCOUNTS)) {
        const login = await fetch(`${first.url}/auth/seller/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        expect(login.status).toBe(200);
      }
      const page = await fetch(`${first.url}/campaigns/edit/12`, {
        headers: { accept: 'text/html' },
      });
      expect(await page.text()).toContain('Seller Dashboard');
      // A dashboard rebuilt while the server runs: its new asset names are served at once.
      await mkdir(join(web, 'assets'));
      await writeFile(join(web, 'assets', 'late-abc123.js'), 'console.log("rebuilt");');
      const late = await fetch(`${first.url}/assets/late-abc123.js`);
      expect(late.status).toBe(200);
      expect(await late.text()).toContain('rebuilt');
      const missing = await fetch(`${first.url}/assets/gone-000.js`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: 'Not found.' });
      // A page path that shares its prefix with API routes is still a page for a browser.
      const loginPage = await fetch(`${first.url}/auth/login?redirect=%2Forders`, {
        headers: { accept: 'text/html,*/*' },
      });
      expect(loginPage.headers.get('content-type')).toContain('text/html');
      const api = await fetch(`${first.url}/seller/no-such-thing`, {
        headers: { accept: 'application/json' },
      });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ success: false, message: 'Not found.' });
    } finally {
      await first.close();
    }
    const again: string[] = [];
    const second = await startServer(config, { port: 0, host: '127.0.0.1' }, (l) => again.push(l));
    try {
      expect(again).toContain('Demo data already present.');
      expect(again.some((l) => l.startsWith('Demo history seeded'))).toBe(false);
      const [count] = await second.app.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE email LIKE '%@printloom.test'",
      );
      expect(count?.n).toBe(4);
    } finally {
      await second.close();
    }
    // Two starts, the first seeding the demo's month of orders.
  }, 180_000);
});
