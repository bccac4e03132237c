import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/helpers.js';
import { getUserByEmail } from '../sql/users.js';
import { DEMO_MOCKUP_SIZE, seedDemoMockups } from './demoMockups.js';
import { DEMO_ACCOUNTS, seedDemo } from './seedDemo.js';

describe.each(BACKENDS)('the demo campaigns’ mockups on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seedMs = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, { demo: true });
    const started = performance.now();
    await seedDemo(t.app.db, t.app.blobDir);
    seedMs = performance.now() - started;
    sellerId = Number((await getUserByEmail(t.app.db, DEMO_ACCOUNTS.seller))?.id);
  }, 300_000);
  afterAll(async () => t?.close());

  it('shows a demo product page with a mockup picture that loads', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/s/demo/' });
    expect(home.statusCode).toBe(200);
    // The store cards carry the mockups as thumbs.
    expect(home.body).toMatch(
      /<img src="\/files\/s\d+\/p\/\d+\/demo_\d+_front\.jpg" alt="Cat Lovers Tee"/,
    );
    const links = [
      ...new Set([...home.body.matchAll(/href="(\/s\/demo\/products\/[^"]+)"/g)].map((m) => m[1])),
    ];
    expect(links.length).toBe(3);
    for (const link of links) {
      const page = await t.app.inject({ method: 'GET', url: link ?? '' });
      expect(page.statusCode, link).toBe(200);
      expect(page.body, link).not.toContain('No pictures of this product yet.');
      const src = /<img id="main-image" src="([^"]+)"/.exec(page.body)?.[1];
      expect(src, link).toMatch(/^\/files\/s\d+\/p\/\d+\/demo_\d+_front\.jpg$/);
      const image = await t.app.inject({ method: 'GET', url: src ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/(jpeg|webp)/);
      // A real JPEG, not an empty file.
      expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(image.rawPayload.length).toBeGreaterThan(10_000);
    }
  });

  it('draws only what is missing, quickly', async () => {
    expect(await seedDemoMockups(t.app.db, t.app.blobDir, sellerId)).toBe(0);
    await t.app.db.query(
      'UPDATE products SET default_mockup_id = NULL WHERE campaign_id IN (SELECT id FROM campaigns WHERE seller_id = $1)',
      [sellerId],
    );
    await t.app.db.query(
      'DELETE FROM mockups WHERE campaign_id IN (SELECT id FROM campaigns WHERE seller_id = $1)',
      [sellerId],
    );
    const started = performance.now();
    const drawn = await seedDemoMockups(t.app.db, t.app.blobDir, sellerId);
    const ms = performance.now() - started;
    expect(drawn).toBeGreaterThanOrEqual(3);
    console.info(
      `demo mockups (${backend}): ${drawn} drawn at ${DEMO_MOCKUP_SIZE} px in ${Math.round(ms)} ms; whole demo seed ${Math.round(seedMs)} ms`,
    );
  });
});
