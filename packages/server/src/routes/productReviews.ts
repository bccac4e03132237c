/**
 * Product reviews (issue 12; spec §2 /settings/product-reviews). A buyer reviews a campaign on
 * the store that sold it, proving the purchase with the order number and the order's email; a
 * review waits for the seller unless the store publishes reviews of its rating on arrival. The
 * seller filters, publishes, hides and answers them; the product page shows the published ones.
 */
import {
  API,
  initialReviewStatus,
  type ProductReview,
  pageInfo,
  REVIEW_MESSAGES,
  reviewAuthorName,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import {
  getReview,
  insertReview,
  listReviews,
  type ReviewRow,
  reviewableOrder,
  reviewSettings,
  saveReviewSetting,
  storeAutoPublishMin,
  updateReview,
} from '../sql/productReviews.js';
import { storeBySlug, storeListedCampaignIds } from '../sql/storefront.js';

const view = (row: ReviewRow): ProductReview => ({
  id: Number(row.id),
  store_id: row.store_id === null ? null : Number(row.store_id),
  store_name: row.store_name,
  campaign_id: Number(row.campaign_id),
  campaign_name: row.campaign_name,
  order_number: row.order_number,
  author_name: row.author_name,
  rating: Number(row.rating),
  title: row.title,
  text: row.body,
  status: row.status as ProductReview['status'],
  reply: row.reply,
  replied_at: row.replied_at ? row.replied_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
});

export async function registerProductReviewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.productReviews, {
    submit: async ({ params, body }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) throw notFound('This store does not exist');
      const listed = await storeListedCampaignIds(db, store, [body.campaign_id]);
      if (listed.length === 0) throw notFound('This product is not sold here');
      const order = await reviewableOrder(db, store.seller_id, {
        orderNumber: body.order_number,
        email: body.email,
        campaignId: body.campaign_id,
      });
      if (!order) {
        throw unprocessable(REVIEW_MESSAGES.notBought, {
          order_number: [REVIEW_MESSAGES.notBought],
        });
      }
      const status = initialReviewStatus(body.rating, await storeAutoPublishMin(db, store.id));
      const id = await insertReview(db, {
        sellerId: store.seller_id,
        storeId: store.id,
        campaignId: body.campaign_id,
        orderId: order.id,
        authorName: reviewAuthorName(order.customer_name),
        rating: body.rating,
        title: body.title,
        body: body.text,
        status,
      });
      if (id === undefined) throw conflict(REVIEW_MESSAGES.already);
      return {
        data: { id, status },
        message: status === 'published' ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.received,
      };
    },
    list: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const { rows, total } = await listReviews(db, auth.sellerId, {
        storeId: query.store_id,
        campaignId: query.campaign_id,
        rating: query.rating,
        status: query.status,
        storeIds: auth.storeIds,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { data: { data: rows.map(view), ...pageInfo(total, query.page, query.per_page) } };
    },
    settings: async ({ auth }) => ({
      data: (await reviewSettings(db, auth.sellerId, auth.storeIds)).map((row) => ({
        ...row,
        store_id: Number(row.store_id),
      })),
    }),
    saveSettings: async ({ auth, body }) => {
      for (const entry of body.stores) await ownStore(db, auth, entry.store_id);
      await db.transaction(async (tx) => {
        for (const entry of body.stores) {
          await saveReviewSetting(tx, auth.sellerId, entry.store_id, entry.auto_publish_min_rating);
        }
      });
      return {
        data: (await reviewSettings(db, auth.sellerId, auth.storeIds)).map((row) => ({
          ...row,
          store_id: Number(row.store_id),
        })),
        message: REVIEW_MESSAGES.settingsSaved,
      };
    },
    update: async ({ auth, params, body }) => {
      const row = await getReview(db, auth.sellerId, params.id);
      if (!row || (row.store_id !== null && !canUseStore(auth, Number(row.store_id)))) {
        throw notFound();
      }
      await updateReview(db, auth.sellerId, params.id, body);
      const saved = await getReview(db, auth.sellerId, params.id);
      if (!saved) throw notFound();
      return { data: view(saved), message: REVIEW_MESSAGES.saved };
    },
  });
}
