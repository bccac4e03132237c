/**
 * Cross-selling (`/referral-sales`, issue 14, migration 045): an owner opens a campaign to other
 * sellers' stores with a commission percent; another seller lists it in one of its stores (the
 * store's row records the offer it accepted); the storefront sells it as the store's own; the
 * paid order books the owner's part and the store seller's commission
 * (`money/crossSelling.ts`); both sides read the sales here. Every read and write keeps to the
 * calling seller: its own campaigns' offers, its own stores' listings, the sales it is a side of.
 */
import { API, CROSS_SELL_MESSAGES, type CrossSellOffer, pageInfo } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore, storesInScope } from '../http/storeScope.js';
import {
  campaignOffer,
  deleteCrossListing,
  insertOffer,
  isOwnCampaign,
  listCrossSales,
  lockOwnCampaign,
  marketplaceCampaigns,
  type OfferState,
  openOfferOf,
  upsertCrossListing,
  withdrawOffer,
} from '../sql/crossSelling.js';

function offerView(state: OfferState): CrossSellOffer {
  return {
    campaign_id: state.campaign_id,
    enabled: state.open !== null,
    commission_percent: state.open?.commission_percent ?? state.last_percent,
    since: state.open ? state.open.created_at.toISOString() : null,
    stores: state.open ? state.stores : 0,
  };
}

export async function registerCrossSellingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.crossSelling, {
    offer: async ({ auth, params }) => {
      const state = await campaignOffer(db, auth.sellerId, params.id);
      if (!state) throw notFound(CROSS_SELL_MESSAGES.campaignMissing);
      return { data: offerView(state) };
    },
    setOffer: async ({ auth, params, body }) => {
      const state = await db.transaction(async (tx) => {
        if (!(await lockOwnCampaign(tx, auth.sellerId, params.id))) {
          throw notFound(CROSS_SELL_MESSAGES.campaignMissing);
        }
        const before = await campaignOffer(tx, auth.sellerId, params.id);
        if (!before) throw notFound(CROSS_SELL_MESSAGES.campaignMissing);
        if (!body.enabled) {
          await withdrawOffer(tx, auth.sellerId, params.id);
        } else if (before.open?.commission_percent !== body.commission_percent) {
          if (before.open === null && before.status !== 'active') {
            throw unprocessable(CROSS_SELL_MESSAGES.inactive, {
              enabled: [CROSS_SELL_MESSAGES.inactive],
            });
          }
          await withdrawOffer(tx, auth.sellerId, params.id);
          await insertOffer(tx, auth.sellerId, params.id, body.commission_percent);
        }
        return campaignOffer(tx, auth.sellerId, params.id);
      });
      if (!state) throw notFound(CROSS_SELL_MESSAGES.campaignMissing);
      return { data: offerView(state) };
    },
    campaigns: async ({ auth, query }) => {
      const { rows, total } = await marketplaceCampaigns(db, auth.sellerId, {
        q: query.q || undefined,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const scope = storesInScope(auth);
      return {
        data: {
          data: rows.map((row) => ({
            ...row,
            store_ids: scope ? row.store_ids.filter((id) => scope.includes(id)) : row.store_ids,
          })),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    addToStore: async ({ auth, params }) => {
      const store = await ownStore(db, auth, params.id);
      if (await isOwnCampaign(db, auth.sellerId, params.campaign_id)) {
        throw unprocessable(CROSS_SELL_MESSAGES.ownCampaign, {
          campaign_id: [CROSS_SELL_MESSAGES.ownCampaign],
        });
      }
      const offer = await openOfferOf(db, auth.sellerId, params.campaign_id);
      if (!offer) throw notFound(CROSS_SELL_MESSAGES.notOffered);
      if (!(await upsertCrossListing(db, auth.sellerId, store.id, params.campaign_id, offer.id))) {
        throw notFound(CROSS_SELL_MESSAGES.notOffered);
      }
      return {
        data: {
          store_id: store.id,
          campaign_id: params.campaign_id,
          commission_percent: offer.commission_percent,
        },
      };
    },
    removeFromStore: async ({ auth, params }) => {
      const store = await ownStore(db, auth, params.id);
      if (!(await deleteCrossListing(db, auth.sellerId, store.id, params.campaign_id))) {
        throw notFound(CROSS_SELL_MESSAGES.notListed);
      }
      return { data: null };
    },
    sales: async ({ auth, query }) => {
      const { rows, total, totals } = await listCrossSales(db, auth.sellerId, {
        side: query.side,
        range: listRange(query, auth.seller.utc_offset),
        storeIds: storesInScope(auth),
        page: query.page,
        perPage: query.per_page,
      });
      return {
        data: {
          data: rows.map((row) => ({
            order_id: row.order_id,
            order_number: row.order_number,
            paid_at: row.paid_at.toISOString(),
            store_name: row.store_name,
            campaign_id: row.campaign_id,
            campaign_name: row.campaign_name,
            partner_name: row.partner_name,
            items: row.items,
            revenue: row.revenue,
            commission_percent: row.commission_percent,
            commission: row.commission,
            owner_amount: row.owner_amount,
            refunded: row.refunded,
          })),
          ...pageInfo(total, query.page, query.per_page),
          totals,
        },
      };
    },
  });
}
