/**
 * Collections (`/seller/collections`, issue 12): named groups of a seller's campaigns, shown on
 * the storefront in `collection_campaigns.position` order with the featured campaigns first (in
 * the order of `PUT .../featured-campaigns`). A collection may belong to one store or (store_id
 * null) to every store of the seller. Everything is scoped to the seller: another seller's
 * collection, campaign or store is 404 or refused.
 */
import {
  API,
  COLLECTION_MESSAGES,
  COLLECTION_SLUG_MAX,
  type CollectionDetail,
  slugify,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import {
  type CollectionRow,
  collectionCampaigns,
  collectionSlugTaken,
  deleteCollection,
  getCollection,
  insertCollection,
  listCollections,
  updateCollection,
  writeCollectionCampaigns,
} from '../sql/collections.js';
import { sellerCampaignIds } from '../sql/stores.js';

const view = (row: CollectionRow) => ({
  id: Number(row.id),
  name: row.name,
  slug: row.slug,
  description: row.description,
  image_url: row.image_url,
  store_id: row.store_id === null ? null : Number(row.store_id),
  featured: row.featured,
  campaign_count: Number(row.campaign_count),
  featured_count: Number(row.featured_count),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function registerCollectionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** One of the seller's collections that the session may see (spec §6 store scope). */
  const own = async (q: Queryable, auth: AuthContext, id: number): Promise<CollectionRow> => {
    const row = await getCollection(q, auth.sellerId, id);
    if (!row || (row.store_id !== null && !canUseStore(auth, Number(row.store_id)))) {
      throw notFound();
    }
    return row;
  };

  const detail = async (q: Queryable, auth: AuthContext, id: number): Promise<CollectionDetail> => {
    const row = await own(q, auth, id);
    const campaigns = await collectionCampaigns(q, auth.sellerId, id);
    return {
      ...view(row),
      campaigns: campaigns.map((c) => ({
        id: Number(c.id),
        name: c.name,
        slug: c.slug,
        status: c.status,
        thumb_url: c.thumb_url,
        position: c.position,
        featured: c.featured,
      })),
    };
  };

  const checkCampaigns = async (auth: AuthContext, ids: readonly number[]) => {
    if ((await sellerCampaignIds(db, auth.sellerId, ids)).length !== ids.length) {
      throw unprocessable(COLLECTION_MESSAGES.foreignCampaign, {
        campaign_ids: [COLLECTION_MESSAGES.foreignCampaign],
      });
    }
  };

  const freeSlug = async (sellerId: number, name: string): Promise<string> => {
    const base = slugify(name, COLLECTION_SLUG_MAX - 6) || 'collection';
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await collectionSlugTaken(db, sellerId, candidate, null))) return candidate;
    }
  };

  /**
   * The membership `ids` gives, keeping the order and featured flag of campaigns already in
   * the collection and adding new ones at the end.
   */
  const membership = async (q: Queryable, auth: AuthContext, id: number, ids: number[]) => {
    const current = await collectionCampaigns(q, auth.sellerId, id);
    const wanted = new Set(ids);
    const kept = current
      .filter((c) => wanted.has(Number(c.id)))
      .map((c) => ({ campaignId: Number(c.id), featured: c.featured }));
    const keptIds = new Set(kept.map((entry) => entry.campaignId));
    const added = ids
      .filter((campaignId) => !keptIds.has(campaignId))
      .map((campaignId) => ({ campaignId, featured: false }));
    // Featured ones first, as the storefront shows them.
    const all = [...kept, ...added];
    return [...all.filter((e) => e.featured), ...all.filter((e) => !e.featured)];
  };

  registerGroup(app, API.collections, {
    list: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const rows = await listCollections(db, auth.sellerId, {
        q: query.q,
        storeId: query.store_id,
        storeIds: auth.storeIds,
      });
      return { data: rows.map(view) };
    },
    create: async ({ auth, body }) => {
      if (body.store_id != null) await ownStore(db, auth, body.store_id);
      if (body.campaign_ids) await checkCampaigns(auth, body.campaign_ids);
      const slug = body.slug ?? (await freeSlug(auth.sellerId, body.name));
      if (body.slug && (await collectionSlugTaken(db, auth.sellerId, slug, null))) {
        throw conflict(COLLECTION_MESSAGES.slugTaken);
      }
      const { campaign_ids: campaignIds, ...fields } = body;
      const data = await db.transaction(async (tx) => {
        const id = await insertCollection(tx, auth.sellerId, { ...fields, slug });
        await writeCollectionCampaigns(
          tx,
          auth.sellerId,
          id,
          (campaignIds ?? []).map((campaignId) => ({ campaignId, featured: false })),
        );
        return detail(tx, auth, id);
      });
      return { data, message: COLLECTION_MESSAGES.created };
    },
    get: async ({ auth, params }) => ({ data: await detail(db, auth, params.id) }),
    update: async ({ auth, params, body }) => {
      await own(db, auth, params.id);
      if (body.store_id != null) await ownStore(db, auth, body.store_id);
      if (body.campaign_ids) await checkCampaigns(auth, body.campaign_ids);
      if (body.slug && (await collectionSlugTaken(db, auth.sellerId, body.slug, params.id))) {
        throw conflict(COLLECTION_MESSAGES.slugTaken);
      }
      const { campaign_ids: campaignIds, ...fields } = body;
      const data = await db.transaction(async (tx) => {
        await updateCollection(tx, auth.sellerId, params.id, fields);
        if (campaignIds) {
          const entries = await membership(tx, auth, params.id, campaignIds);
          await writeCollectionCampaigns(tx, auth.sellerId, params.id, entries);
        }
        return detail(tx, auth, params.id);
      });
      return { data, message: COLLECTION_MESSAGES.updated };
    },
    remove: async ({ auth, params }) => {
      await own(db, auth, params.id);
      if (!(await deleteCollection(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: COLLECTION_MESSAGES.deleted };
    },
    setFeatured: async ({ auth, params, body }) => {
      await own(db, auth, params.id);
      await checkCampaigns(auth, body.campaign_ids);
      const data = await db.transaction(async (tx) => {
        const current = await collectionCampaigns(tx, auth.sellerId, params.id);
        const featured = new Set(body.campaign_ids);
        const rest = current
          .filter((c) => !featured.has(Number(c.id)))
          .map((c) => ({ campaignId: Number(c.id), featured: false }));
        await writeCollectionCampaigns(tx, auth.sellerId, params.id, [
          ...body.campaign_ids.map((campaignId) => ({ campaignId, featured: true })),
          ...rest,
        ]);
        return detail(tx, auth, params.id);
      });
      return { data, message: COLLECTION_MESSAGES.featuredSaved };
    },
  });
}
