import { BLOB_FILE_PREFIX, writeBlob } from '../blob/blobStore.js';
import type { Db } from '../db/Db.js';
import { productsWithoutMockups, saveMockups } from '../sql/campaigns.js';

/** Long side of a demo mockup: the product page shows its gallery at 800 px. */
export const DEMO_MOCKUP_SIZE = 800;

/** The blob key of a demo product's mockup, under its campaign as launched mockups are. */
export const demoMockupKey = (
  sellerId: number,
  campaignId: number,
  productId: number,
  space: string,
) => `s${sellerId}/p/${campaignId}/demo_${productId}_${space}.jpg`;

/**
 * Gives the demo seller's live campaigns real mockups, so their product pages have a gallery:
 * per product without one, the first mockup of its template (the front) in the product's first
 * colour, drawn by the renderer's 2D mockup code (`renderMockup`, the one the CLI and the bulk
 * worker use) around the renderer's sample artwork (the demo campaigns have no saved design, so
 * their history orders go through SEN Design), JPEG at 800 px, stored in the blob store and
 * saved as the product's default mockup and the campaign's thumb. 3D templates and templates the
 * renderer does not bundle are left without. The drawings run side by side; the seed calls this
 * once per data dir. Returns how many were drawn.
 */
export async function seedDemoMockups(db: Db, blobDir: string, sellerId: number): Promise<number> {
  const products = (await productsWithoutMockups(db, sellerId)).filter(
    (p) => p.mockup_type !== '3d' && p.sku && p.print_space,
  );
  if (products.length === 0) return 0;
  const node = await import('@printloom/renderer/node');
  const templates = await node.listTemplates();
  const art = node.sampleArtwork(750, 938);
  const drawn = await Promise.all(
    products.map(async (p) => {
      const loaded = templates.find((t) => t.template.id === p.sku);
      const space = p.print_space ?? 'front';
      if (loaded?.template.kind !== '2d') return null;
      const jpeg = await node.renderMockup(loaded, art, {
        size: DEMO_MOCKUP_SIZE,
        printSpace: space,
        format: 'jpeg',
        ...(p.color_hex && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(p.color_hex)
          ? { color: p.color_hex }
          : {}),
      });
      const key = demoMockupKey(sellerId, p.campaign_id, p.product_id, space);
      await writeBlob(blobDir, key, jpeg);
      return { ...p, space, file_url: `${BLOB_FILE_PREFIX}${key}` };
    }),
  );
  const done = drawn.filter((d) => d !== null);
  await db.transaction(async (tx) => {
    const byCampaign = new Map<number, typeof done>();
    for (const d of done)
      byCampaign.set(d.campaign_id, [...(byCampaign.get(d.campaign_id) ?? []), d]);
    for (const [campaignId, rows] of byCampaign) {
      await saveMockups(
        tx,
        campaignId,
        // Each is its product's default; the last saved default becomes the campaign's thumb,
        // so the first product is saved last.
        [...rows].reverse().map((d) => ({
          product_id: d.product_id,
          print_space: d.space,
          file_url: d.file_url,
          ...(d.mockup_template_id ? { mockup_template_id: Number(d.mockup_template_id) } : {}),
          is_default: true,
        })),
      );
    }
  });
  return done.length;
}
