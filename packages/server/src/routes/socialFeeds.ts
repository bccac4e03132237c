/**
 * Social feeds (issue 12; spec §2 /social-feed): a store's product catalogue for Google Merchant
 * (RSS 2.0, `g:` namespace) or Facebook/TikTok catalogs (CSV), at `/public/feeds/{token}.xml|csv`.
 * The token (24 random bytes, base64url) is the only key to the address; a feed keeps it when
 * edited. Every sellable colour × size of every product of the chosen campaigns is one item.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  campaignUrlName,
  FEED_EXTENSION,
  FEED_MESSAGES,
  type FeedFormat,
  type FeedItem,
  facebookCatalogCsv,
  googleMerchantXml,
  type SocialFeed,
  slugify,
  storeSubdomainUrl,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import { getCollection } from '../sql/collections.js';
import {
  deleteFeed,
  type FeedFields,
  type FeedRow,
  type FeedStore,
  feedByToken,
  feedCampaigns,
  getFeed,
  insertFeed,
  listFeeds,
  productImages,
  updateFeed,
} from '../sql/socialFeeds.js';
import { campaignProducts } from '../sql/storefront.js';
import { sellerCampaignIds } from '../sql/stores.js';
import { sellableOptions } from '../storefront/options.js';

/** Campaigns a feed lists at most (Google takes files up to 4 GB; this keeps answers quick). */
export const FEED_CAMPAIGN_LIMIT = 5000;

const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export async function registerSocialFeedRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const publicUrl = app.config.publicUrl.replace(/\/+$/, '');

  const view = (row: FeedRow): SocialFeed => ({
    id: Number(row.id),
    name: row.name,
    store_id: Number(row.store_id),
    store_name: row.store_name,
    format: row.format as FeedFormat,
    scope: row.scope as SocialFeed['scope'],
    collection_id: row.collection_id === null ? null : Number(row.collection_id),
    campaign_ids: row.campaign_ids.map(Number),
    colors: row.colors,
    google_product_category: row.google_product_category,
    url: `${publicUrl}/public/feeds/${row.token}.${FEED_EXTENSION[row.format as FeedFormat]}`,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  const own = async (auth: AuthContext, id: number): Promise<FeedRow> => {
    const row = await getFeed(db, auth.sellerId, id);
    if (!row || !canUseStore(auth, Number(row.store_id))) throw notFound();
    return row;
  };

  /** The body's fields, checked: the store, collection and campaigns must be the seller's. */
  const fieldsOf = async (
    auth: AuthContext,
    body: {
      name: string;
      store_id: number;
      format: FeedFormat;
      scope: 'all' | 'collection' | 'campaigns';
      collection_id?: number | null | undefined;
      campaign_ids?: number[] | undefined;
      colors?: string[] | undefined;
      google_product_category?: string | null | undefined;
    },
  ): Promise<FeedFields> => {
    await ownStore(db, auth, body.store_id);
    const collectionId = body.scope === 'collection' ? (body.collection_id ?? null) : null;
    if (collectionId !== null && !(await getCollection(db, auth.sellerId, collectionId))) {
      throw unprocessable(FEED_MESSAGES.foreignCollection, {
        collection_id: [FEED_MESSAGES.foreignCollection],
      });
    }
    const campaignIds = body.scope === 'campaigns' ? (body.campaign_ids ?? []) : [];
    if ((await sellerCampaignIds(db, auth.sellerId, campaignIds)).length !== campaignIds.length) {
      throw unprocessable(FEED_MESSAGES.foreignCampaign, {
        campaign_ids: [FEED_MESSAGES.foreignCampaign],
      });
    }
    return {
      name: body.name,
      store_id: body.store_id,
      format: body.format,
      scope: body.scope,
      collection_id: collectionId,
      campaign_ids: campaignIds,
      colors: body.colors ?? [],
      google_product_category: body.google_product_category ?? null,
    };
  };

  /** The items of a feed: one per sellable colour and size of each product. */
  const itemsOf = async (feed: FeedStore): Promise<FeedItem[]> => {
    const campaigns = await feedCampaigns(db, feed, FEED_CAMPAIGN_LIMIT);
    if (campaigns.length === 0) return [];
    const ids = campaigns.map((c) => Number(c.id));
    const [products, images] = await Promise.all([
      campaignProducts(db, feed.seller_id, ids),
      productImages(db, ids),
    ]);
    const origin = (
      feed.base_url?.trim() || storeSubdomainUrl(feed.slug, app.config.previewDomain)
    ).replace(/\/+$/, '');
    const absolute = (url: string) =>
      /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
    const brand = feed.title || feed.name;
    const byId = new Map(campaigns.map((c) => [Number(c.id), c]));
    const wanted = new Set(feed.colors.map((c) => c.toLowerCase()));
    const items: FeedItem[] = [];
    for (const product of products) {
      const campaign = byId.get(Number(product.campaign_id));
      if (!campaign) continue;
      const image = images.get(Number(product.id)) ?? campaign.thumb_url;
      if (!image) continue; // Google and Facebook refuse items without a picture.
      const { colors, sizes, baseCost } = sellableOptions(product);
      const group = `${campaign.id}-${product.id}`;
      const title =
        products.filter((p) => Number(p.campaign_id) === Number(campaign.id)).length > 1
          ? `${campaign.name} – ${product.name}`
          : campaign.name;
      const description =
        plainText(product.description ?? '').slice(0, 5000) ||
        `${campaign.name}, printed on demand by ${brand}.`;
      for (const color of colors) {
        if (wanted.size > 0 && !wanted.has(color.toLowerCase())) continue;
        for (const size of sizes) {
          if (baseCost(color, size) === undefined) continue;
          items.push({
            id: `${group}-${slugify(color, 16)}-${slugify(size, 8)}`.slice(0, 50),
            item_group_id: group,
            title: title.slice(0, 150),
            description,
            link: `${origin}/products/${campaignUrlName(campaign)}?product=${product.id}`,
            image_link: absolute(image),
            price: product.price,
            currency: feed.currency,
            availability: 'in stock',
            brand,
            google_product_category: feed.google_product_category,
            color,
            size,
          });
        }
      }
    }
    return items;
  };

  registerGroup(app, API.socialFeeds, {
    list: async ({ auth }) => ({
      data: (await listFeeds(db, auth.sellerId, auth.storeIds)).map(view),
    }),
    get: async ({ auth, params }) => ({ data: view(await own(auth, params.id)) }),
    create: async ({ auth, body }) => {
      const fields = await fieldsOf(auth, body);
      const id = await insertFeed(db, auth.sellerId, fields, randomBytes(24).toString('base64url'));
      return { data: view(await own(auth, id)), message: FEED_MESSAGES.created };
    },
    update: async ({ auth, params, body }) => {
      await own(auth, params.id);
      await updateFeed(db, auth.sellerId, params.id, await fieldsOf(auth, body));
      return { data: view(await own(auth, params.id)), message: FEED_MESSAGES.saved };
    },
    remove: async ({ auth, params }) => {
      await own(auth, params.id);
      if (!(await deleteFeed(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: FEED_MESSAGES.deleted };
    },
    feed: async ({ params, reply }) => {
      const [token, extension] = params.file.split('.');
      const feed = token ? await feedByToken(db, token) : undefined;
      if (!feed || FEED_EXTENSION[feed.format as FeedFormat] !== extension) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const items = await itemsOf(feed);
      const origin = (
        feed.base_url?.trim() || storeSubdomainUrl(feed.slug, app.config.previewDomain)
      ).replace(/\/+$/, '');
      reply.header('cache-control', 'public, max-age=900');
      if (feed.format === 'facebook_csv') {
        return reply.type('text/csv; charset=utf-8').send(facebookCatalogCsv(items));
      }
      return reply.type('application/xml; charset=utf-8').send(
        googleMerchantXml(
          {
            title: feed.title || feed.name,
            link: `${origin}/`,
            description: `Products of ${feed.title || feed.name}`,
          },
          items,
        ),
      );
    },
  });
}
