/**
 * Promotions (`/seller/promotions`, issue 14): coupon codes of a store with their rules, kept in
 * the `coupons` table the §7 coupon picker lists. A code is unique in its store whatever its
 * case (409 otherwise). The checkout applies them through `storefront/promotionCoupons.ts`.
 * Everything is scoped to the seller and, for a session limited to stores, to those stores.
 */
import {
  API,
  PROMOTION_MESSAGES,
  type Promotion,
  type PromotionBody,
  promotionStatus,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import {
  campaignsOnPromotion,
  deletePromotion,
  getPromotion,
  insertPromotion,
  listPromotions,
  type PromotionFields,
  type PromotionRow,
  promotionCodeTaken,
  sellerCollectionIds,
  updatePromotion,
  writePromotionScope,
} from '../sql/promotions.js';
import { sellerCampaignIds } from '../sql/stores.js';

/** Promotions a list answers at most: sellers run tens, not thousands; the search narrows. */
export const PROMOTION_LIST_LIMIT = 500;
/** Rows of the on-promotion list at most (campaign × promotion). */
export const ON_PROMOTION_LIMIT = 1000;

type Body = z.output<typeof PromotionBody>;

export function promotionView(row: PromotionRow, now: Date): Promotion {
  return {
    id: row.id,
    store_id: row.store_id,
    code: row.code,
    name: row.name,
    type: row.type,
    value: row.value,
    buy_quantity: row.buy_quantity,
    get_quantity: row.get_quantity,
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    usage_limit: row.usage_limit,
    per_buyer_limit: row.per_buyer_limit,
    min_subtotal: row.min_subtotal,
    campaign_ids: row.campaign_ids,
    collection_ids: row.collection_ids,
    used: row.used,
    status: promotionStatus(row, now, row.used),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function fieldsOf(body: Body): PromotionFields {
  const bogo = body.type === 'bogo';
  return {
    store_id: body.store_id,
    code: body.code,
    name: body.name ?? null,
    type: body.type,
    // Free shipping has no value of its own.
    value: body.type === 'free_shipping' ? 0 : body.value,
    buy_quantity: bogo ? (body.buy_quantity ?? null) : null,
    get_quantity: bogo ? (body.get_quantity ?? null) : null,
    starts_at: body.starts_at ?? null,
    ends_at: body.ends_at ?? null,
    usage_limit: body.usage_limit ?? null,
    per_buyer_limit: body.per_buyer_limit ?? null,
    min_subtotal: body.min_subtotal ?? null,
  };
}

/** Postgres unique_violation: two saves of the same code raced past the check. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export async function registerPromotionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const own = async (q: Queryable, auth: AuthContext, id: number): Promise<PromotionRow> => {
    const row = await getPromotion(q, auth.sellerId, id);
    if (!row || (row.store_id !== null && !canUseStore(auth, row.store_id))) throw notFound();
    return row;
  };

  const check = async (auth: AuthContext, body: Body, exceptId: number | null) => {
    await ownStore(db, auth, body.store_id);
    const campaignIds = body.campaign_ids ?? [];
    if ((await sellerCampaignIds(db, auth.sellerId, campaignIds)).length !== campaignIds.length) {
      throw unprocessable(PROMOTION_MESSAGES.foreignCampaign, {
        campaign_ids: [PROMOTION_MESSAGES.foreignCampaign],
      });
    }
    const collectionIds = body.collection_ids ?? [];
    if (
      (await sellerCollectionIds(db, auth.sellerId, collectionIds)).length !== collectionIds.length
    ) {
      throw unprocessable(PROMOTION_MESSAGES.foreignCollection, {
        collection_ids: [PROMOTION_MESSAGES.foreignCollection],
      });
    }
    if (await promotionCodeTaken(db, auth.sellerId, body.store_id, body.code, exceptId)) {
      throw codeTaken();
    }
  };
  const codeTaken = () =>
    httpError(409, PROMOTION_MESSAGES.codeTaken, { code: [PROMOTION_MESSAGES.codeTaken] });

  const save = async (auth: AuthContext, body: Body, id: number | null): Promise<Promotion> => {
    try {
      return await db.transaction(async (tx) => {
        let saved = id;
        if (saved === null) saved = await insertPromotion(tx, auth.sellerId, fieldsOf(body));
        else if (!(await updatePromotion(tx, auth.sellerId, saved, fieldsOf(body)))) {
          throw notFound();
        }
        await writePromotionScope(tx, saved, body.campaign_ids ?? [], body.collection_ids ?? []);
        return promotionView(await own(tx, auth, saved), new Date());
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  };

  registerGroup(app, API.promotions, {
    list: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const now = new Date();
      const rows = await listPromotions(
        db,
        auth.sellerId,
        { q: query.q, storeId: query.store_id, storeIds: auth.storeIds },
        PROMOTION_LIST_LIMIT,
      );
      const views = rows.map((row) => promotionView(row, now));
      return { data: query.status ? views.filter((v) => v.status === query.status) : views };
    },
    create: async ({ auth, body }) => {
      await check(auth, body, null);
      return { data: await save(auth, body, null), message: PROMOTION_MESSAGES.created };
    },
    update: async ({ auth, params, body }) => {
      await own(db, auth, params.id);
      await check(auth, body, params.id);
      return { data: await save(auth, body, params.id), message: PROMOTION_MESSAGES.updated };
    },
    remove: async ({ auth, params }) => {
      await own(db, auth, params.id);
      if (!(await deletePromotion(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: PROMOTION_MESSAGES.deleted };
    },
    onPromotion: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const rows = await campaignsOnPromotion(
        db,
        auth.sellerId,
        { q: query.q, storeId: query.store_id, storeIds: auth.storeIds },
        ON_PROMOTION_LIMIT,
      );
      return {
        data: rows.map((row) => ({ ...row, ends_at: row.ends_at?.toISOString() ?? null })),
      };
    },
  });
}
