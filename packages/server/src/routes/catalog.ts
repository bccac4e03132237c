import { API, pageInfo, splitIds } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { withinScope } from '../http/storeScope.js';
import {
  campaignView,
  getCampaignFull,
  insertCampaign,
  listCampaigns,
  ProductMismatchError,
  TemplateMissingError,
  updateCampaign,
} from '../sql/campaigns.js';
import { insertAudit } from '../sql/sessions.js';
import { listStores } from '../sql/stores.js';
import { getTemplate, listMockupTemplates, listTemplates } from '../sql/templates.js';

export async function registerCatalogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.catalog, {
    productTemplates: async ({ query }) => {
      const { rows, total } = await listTemplates(db, query);
      return { data: { data: rows, ...pageInfo(total, query.page, query.per_page) } };
    },
    productTemplate: async ({ params }) => {
      const template = await getTemplate(db, params.id);
      if (!template) throw notFound();
      return { data: template };
    },
    mockups: async ({ query }) => ({
      data: await listMockupTemplates(db, splitIds(query.template_ids)),
    }),
    siteConfig: async () => ({
      data: {
        preview_domain: app.config.previewDomain,
        market_place_domain: app.config.marketplaceDomain,
      },
    }),
  });
  registerGroup(app, API.campaigns, {
    stores: async ({ auth }) => ({
      // Spec §6: a session limited to some stores lists only those.
      data: withinScope(auth, await listStores(db, auth.sellerId), (store) => Number(store.id)),
    }),
    list: async ({ auth, query }) => {
      const { rows, total } = await listCampaigns(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: {
          data: rows.map((r) => ({ ...campaignView(r), products: [], designs: [] })),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body }) => {
      const id = await db
        .transaction(async (tx) => insertCampaign(tx, auth.sellerId, body))
        .catch((error: unknown) => {
          if (error instanceof TemplateMissingError) {
            throw unprocessable(error.message, { products: [error.message] });
          }
          throw error;
        });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_create',
        detail: { id },
      });
      const campaign = await getCampaignFull(db, auth.sellerId, id);
      if (!campaign) throw notFound();
      return { data: campaign };
    },
    get: async ({ auth, params }) => {
      const campaign = await getCampaignFull(db, auth.sellerId, params.id);
      if (!campaign) throw notFound();
      return { data: campaign };
    },
    update: async ({ auth, params, body }) => {
      const found = await db
        .transaction(async (tx) => updateCampaign(tx, auth.sellerId, params.id, body))
        .catch((error: unknown) => {
          if (error instanceof TemplateMissingError || error instanceof ProductMismatchError) {
            throw unprocessable(error.message, { products: [error.message] });
          }
          throw error;
        });
      if (!found) throw notFound();
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_update',
        detail: { id: params.id },
      });
      const campaign = await getCampaignFull(db, auth.sellerId, params.id);
      if (!campaign) throw notFound();
      return { data: campaign };
    },
  });
}
