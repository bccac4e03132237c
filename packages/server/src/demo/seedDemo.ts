import { hash } from '@node-rs/argon2';
import type { NotificationTopic } from '@printloom/core';
import type { Db, Queryable } from '../db/Db.js';
import { insertCampaign } from '../sql/campaigns.js';
import { insertGrant } from '../sql/sessions.js';
import { getUserByEmail, insertUser } from '../sql/users.js';
import { seedDemoMockups } from './demoMockups.js';
import { seedCatalog } from './seedCatalog.js';

/** Every demo account's password, in demo mode only. */
export const DEMO_PASSWORD = 'printloom-demo';

export const DEMO_ACCOUNTS = {
  seller: 'demo@printloom.test',
  designer: 'designer@printloom.test',
  team: 'team@printloom.test',
  admin: 'admin@printloom.test',
} as const;

/** The team member's grant on the demo seller: campaigns and payouts, not orders or team. */
export const DEMO_TEAM_PERMISSIONS = ['get_campaigns', 'update_campaign', 'get_payments'];

async function seedNotifications(db: Queryable, sellerId: number): Promise<void> {
  // The topic decides which team members see it (core notificationTopics.ts).
  const rows: Array<[number | null, string, string, boolean, number, NotificationTopic]> = [
    [
      sellerId,
      'Welcome to Printloom',
      '<p>Create a store, then launch your first campaign.</p>',
      false,
      1,
      'announcement',
    ],
    [
      sellerId,
      'Payout schedule changed',
      '<p>Payouts now run every <b>Monday</b>.</p><script>alert(1)</script>',
      true,
      1,
      'payments',
    ],
    [
      null,
      'New product: Steel Water Bottle',
      '<p>Now with a <a href="/campaigns">3D mockup</a>.</p>',
      false,
      2,
      'announcement',
    ],
  ];
  for (const [seller, subject, message, warning, type, topic] of rows) {
    await db.query(
      'INSERT INTO notifications (seller_id, subject, message, is_warning, type, topic) VALUES ($1, $2, $3, $4, $5, $6)',
      [seller, subject, message, warning, type, topic],
    );
  }
}

/**
 * Seeds the demo once (an existing demo seller means it ran before): a seller, a designer, a
 * team member with limited permissions, an admin, the catalog, campaigns, notifications,
 * featured banners and a multi-space bulk job. Returns false when already seeded.
 */
export async function seedDemo(db: Db, blobDir: string): Promise<boolean> {
  const templateIds = await seedCatalog(db, blobDir);
  if (await getUserByEmail(db, DEMO_ACCOUNTS.seller)) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  const sellerId = await db.transaction(async (tx) => {
    const seller = await insertUser(tx, {
      name: 'Demo Seller',
      email: DEMO_ACCOUNTS.seller,
      passwordHash,
      tags: ['notify', 'beta', 'pb', 'pricing', 'email marketing'],
      emailVerified: true,
      status: 'trusted',
      smsCredit: 120,
      balance: 1543.2,
    });
    await insertUser(tx, {
      name: 'Demo Designer',
      email: DEMO_ACCOUNTS.designer,
      passwordHash,
      roles: ['designer'],
      emailVerified: true,
    });
    const team = await insertUser(tx, {
      name: 'Demo Team Member',
      email: DEMO_ACCOUNTS.team,
      passwordHash,
      emailVerified: true,
    });
    await tx.query("UPDATE users SET sale_volume = '50 - 100' WHERE id = $1", [team.id]);
    // Custom payment is granted by the operator (spec §6); the demo seller has it, like every
    // tag, so the demo opens every page: payment gateways, invalid addresses, cancel requests.
    await tx.query('UPDATE users SET custom_payment = true WHERE id = $1', [seller.id]);
    await insertUser(tx, {
      name: 'Demo Admin',
      email: DEMO_ACCOUNTS.admin,
      passwordHash,
      isAdmin: true,
      emailVerified: true,
    });
    await insertGrant(tx, {
      sellerId: seller.id,
      memberId: team.id,
      role: 'staff',
      permissions: DEMO_TEAM_PERMISSIONS,
    });
    const [store] = await tx.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name, slug, title, base_url) VALUES ($1, 'Demo Store', 'demo', 'Demo Store', 'https://demo.printloom.test') RETURNING id",
      [seller.id],
    );
    await tx.query(
      `INSERT INTO coupons (seller_id, store_id, code, name, type, value, min_subtotal)
       VALUES ($1, $2, 'WELCOME10', 'Welcome 10%', 'percent', 10, NULL),
              ($1, $2, 'FREESHIP', 'Free shipping', 'free_shipping', 0, 3000)`,
      [seller.id, store?.id],
    );
    const [first = 0, second = first] = templateIds;
    const campaignIds: number[] = [];
    for (const [name, templates, niche] of [
      ['Cat Lovers Tee', [first], 'pet_products'],
      ['Mountain Sunrise Collection', [first, second], 'travel_and_places'],
      ['Coffee First', [second], 'humor_and_memes'],
    ] as const) {
      campaignIds.push(
        await insertCampaign(tx, seller.id, {
          name,
          niche,
          system_type: 'regular',
          product_type: 'campaign',
          products: templates.map((id) => ({ template_id: id })),
        }),
      );
    }
    await tx.query("UPDATE campaigns SET status = 'active' WHERE seller_id = $1", [seller.id]);
    // The store lists the active demo campaigns (issue 12: a launched campaign can be bought).
    await tx.query(
      `INSERT INTO store_campaigns (store_id, campaign_id, seller_id)
       SELECT $1, id, seller_id FROM campaigns WHERE seller_id = $2 AND status = 'active'`,
      [store?.id, seller.id],
    );
    await seedStoreContent(tx, seller.id, store?.id ?? 0, campaignIds);
    await seedNotifications(tx, seller.id);
    await tx.query(
      `INSERT INTO featured_info (subject, description, banner_url, article_url, position) VALUES
       ('Launch in minutes', '<p>Upload a design, pick products, publish.</p>', '/files/s0/templates/tshirt/background.png', NULL, 1),
       ('3D mockups are here', '<p>Mugs and bottles now render in 3D.</p>', '/files/s0/templates/mug/background.png', 'https://printloom.test/blog/3d', 2)`,
    );
    const templateCampaign = campaignIds[0] ?? 0;
    const [job] = await tx.query<{ id: number }>(
      "INSERT INTO bulk_jobs (seller_id, template_campaign_id, type) VALUES ($1, $2, 'regular_multi_space') RETURNING id",
      [seller.id, templateCampaign],
    );
    for (let i = 1; i <= 5; i += 1) {
      await tx.query(
        `INSERT INTO bulk_rows (bulk_id, seller_id, type, template_campaign_id, campaign_name, designs, status)
         VALUES ($1, $2, 'regular_multi_space', $3, $4, $5, 'stopped')`,
        [
          job?.id,
          seller.id,
          templateCampaign,
          `Bulk design ${i}`,
          JSON.stringify([
            { new_url: '/files/s0/templates/tshirt/crop.png', print_space: 'front' },
          ]),
        ],
      );
    }
    return seller.id;
  });
  // The live campaigns' product pages show real mockups (drawn once, with the demo data).
  await seedDemoMockups(db, blobDir, sellerId);
  return true;
}

/**
 * What the demo store shows besides its campaigns: a featured collection of the demo campaigns
 * (the first two featured), its header and footer menus, an About page and a blog post.
 */
async function seedStoreContent(
  tx: Queryable,
  sellerId: number,
  storeId: number,
  campaignIds: readonly number[],
): Promise<void> {
  const [collection] = await tx.query<{ id: number }>(
    `INSERT INTO collections (seller_id, store_id, name, slug, description, featured)
     VALUES ($1, $2, 'Best Sellers', 'best-sellers', 'What buyers love most.', true) RETURNING id`,
    [sellerId, storeId],
  );
  await tx.query(
    `INSERT INTO collection_campaigns (collection_id, campaign_id, seller_id, position, featured)
     SELECT $1, c.id, $2, c.ord - 1, c.ord <= 2
     FROM unnest($3::bigint[]) WITH ORDINALITY AS c(id, ord)`,
    [collection?.id, sellerId, [...campaignIds]],
  );
  const [about] = await tx.query<{ id: number }>(
    `INSERT INTO store_pages (seller_id, store_id, title, slug, content_html, status, seo_description)
     VALUES ($1, $2, 'About us', 'about-us',
       '<h2>Printed with care</h2><p>Every design is printed on demand, just for you.</p>',
       'published', 'Who we are and how we print.') RETURNING id`,
    [sellerId, storeId],
  );
  const [news] = await tx.query<{ id: number }>(
    `INSERT INTO blog_categories (seller_id, store_id, name, slug) VALUES ($1, $2, 'News', 'news')
     RETURNING id`,
    [sellerId, storeId],
  );
  await tx.query(
    `INSERT INTO blog_posts (seller_id, store_id, category_id, title, slug, excerpt, content_html,
       status, published_at)
     VALUES ($1, $2, $3, 'Welcome to the Demo Store', 'welcome', 'Our shop is open.',
       '<p>Our shop is open: have a look at the <strong>Best Sellers</strong>.</p>',
       'published', now())`,
    [sellerId, storeId, news?.id],
  );
  await tx.query('UPDATE stores SET menus = $2::jsonb WHERE id = $1', [
    storeId,
    JSON.stringify({
      header: [
        { label: 'Best Sellers', kind: 'collection', target_id: collection?.id, url: null },
        { label: 'Blog', kind: 'url', target_id: null, url: '/blog' },
      ],
      footer: [{ label: 'About us', kind: 'page', target_id: about?.id, url: null }],
      side_column: [],
    }),
  ]);
}
