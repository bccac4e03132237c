/**
 * Pricing (`/seller/pricing`, issue 14): one price change across many campaigns, previewed
 * (nothing saved) or applied in one transaction with a `price_changes` row per product moved,
 * never below a product's base cost; and the stock base costs of the catalogue.
 */
import { randomUUID } from 'node:crypto';
import {
  API,
  conversionRate,
  DEFAULT_CURRENCY_CODE,
  dateRange,
  formatCurrency,
  PRICING_ANALYTICS_LIMIT,
  PRICING_MESSAGES,
  pageInfo,
  planPriceChange,
  toMajor,
  unknownCustomPrices,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  applyPriceChanges,
  campaignProductPrices,
  listPriceChanges,
  pricePoints,
  stockBaseCosts,
} from '../sql/pricing.js';
import { sellerCampaignIds } from '../sql/stores.js';

/** How many products a refusal names in its message (all are in `errors.prices`). */
const NAMED_IN_MESSAGE = 5;

export async function registerPricingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.pricing, {
    bulkUpdate: async ({ auth, body }) => {
      const owned = await sellerCampaignIds(db, auth.sellerId, body.campaign_ids);
      if (owned.length !== body.campaign_ids.length) {
        throw unprocessable(PRICING_MESSAGES.foreignCampaign, {
          campaign_ids: [PRICING_MESSAGES.foreignCampaign],
        });
      }
      const plan = async (lock: boolean, q = db as Parameters<typeof campaignProductPrices>[0]) => {
        const products = await campaignProductPrices(q, auth.sellerId, body.campaign_ids, lock);
        if (body.mode === 'custom_price') {
          const unknown = unknownCustomPrices(products, body.prices ?? []);
          if (unknown.products.length > 0) {
            throw unprocessable(PRICING_MESSAGES.foreignProduct, {
              prices: [PRICING_MESSAGES.foreignProduct],
            });
          }
          if (unknown.variants.length > 0) {
            const named = unknown.variants.map((p) => `#${p.product_id} ${p.variant}`).join(', ');
            throw unprocessable(`${PRICING_MESSAGES.foreignVariant} (${named})`, {
              prices: [PRICING_MESSAGES.foreignVariant],
            });
          }
        }
        return planPriceChange(products, body);
      };
      if (body.preview) {
        return { data: { updated: 0, preview: true, rows: await plan(false) } };
      }
      const result = await db.transaction(async (tx) => {
        const rows = await plan(true, tx);
        const below = rows.filter((row) => row.below_base_cost);
        if (below.length > 0) {
          const named = below.map(
            (row) =>
              `${row.campaign_name} / ${row.product_name}${row.variant ? ` (${row.variant})` : ''}: ${formatCurrency(toMajor(row.after), DEFAULT_CURRENCY_CODE)} < ${formatCurrency(toMajor(row.base_cost), DEFAULT_CURRENCY_CODE)}`,
          );
          const more =
            below.length > NAMED_IN_MESSAGE ? ` and ${below.length - NAMED_IN_MESSAGE} more` : '';
          throw unprocessable(
            `${PRICING_MESSAGES.belowBaseCost}: ${named.slice(0, NAMED_IN_MESSAGE).join('; ')}${more}.`,
            { prices: named },
          );
        }
        const updated = await applyPriceChanges(
          tx,
          {
            sellerId: auth.sellerId,
            actorId: auth.actorId,
            batchId: randomUUID(),
            mode: body.mode,
          },
          rows,
        );
        return { updated, preview: false, rows };
      });
      return { data: result, message: PRICING_MESSAGES.updated };
    },
    changes: async ({ auth, query }) => {
      const { rows, total } = await listPriceChanges(db, auth.sellerId, {
        campaignId: query.campaign_id,
        page: query.page,
        perPage: query.per_page,
      });
      return {
        data: {
          data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    analytics: async ({ auth, query }) => {
      const range = dateRange(query.time, new Date(), Number(auth.seller.utc_offset ?? 0));
      const rows = await pricePoints(
        db,
        auth.sellerId,
        { from: range.from, to: range.to, campaignId: query.campaign_id },
        PRICING_ANALYTICS_LIMIT,
      );
      return {
        data: rows.map((row) => ({
          ...row,
          first_sold_at: row.first_sold_at.toISOString(),
          last_sold_at: row.last_sold_at.toISOString(),
          conversion: conversionRate(row.orders, row.visits),
        })),
      };
    },
    stockBaseCosts: async ({ query }) => ({
      data: await stockBaseCosts(db, { q: query.q, templateId: query.template_id }),
    }),
  });
}
