import {
  API_PATHS,
  Campaign,
  CampaignCreateBody,
  CampaignListQuery,
  CampaignUpdateBody,
  IdParams,
  MockupsQuery,
  MockupTemplate,
  ProductTemplate,
  ProductTemplateListQuery,
  pageInfo,
  paginated,
  SiteConfig,
  Store,
  splitIds,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { defineRoute } from '../http/route.js';
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
import { getTemplate, listMockupTemplates, listTemplates } from '../sql/templates.js';

export async function registerCatalogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.productTemplates,
    summary: 'Product templates of the catalog',
    tags: ['catalog'],
    query: ProductTemplateListQuery,
    response: paginated(ProductTemplate),
    handler: async ({ query }) => {
      const { rows, total } = await listTemplates(db, query);
      return { data: { data: rows, ...pageInfo(total, query.page, query.per_page) } };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.productTemplate,
    summary: 'One product template with print spaces and mockups',
    tags: ['catalog'],
    params: IdParams,
    response: ProductTemplate,
    handler: async ({ params }) => {
      const template = await getTemplate(db, params.id);
      if (!template) throw notFound();
      return { data: template };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.mockups,
    summary: 'Mockup templates of product templates',
    tags: ['catalog'],
    query: MockupsQuery,
    response: z.array(MockupTemplate),
    handler: async ({ query }) => ({
      data: await listMockupTemplates(db, splitIds(query.template_ids)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.siteConfig,
    summary: 'Preview and marketplace domains (spec §3 Site config)',
    tags: ['catalog'],
    auth: 'none',
    response: SiteConfig,
    handler: async () => ({
      data: {
        preview_domain: app.config.previewDomain,
        market_place_domain: app.config.marketplaceDomain,
      },
    }),
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.stores,
    summary: "The seller's stores, oldest first (the first is the current store)",
    tags: ['campaigns'],
    permission: 'get_campaigns',
    response: z.array(Store),
    handler: async ({ auth }) => ({
      // Spec §6: a session limited to some stores lists only those.
      data: withinScope(
        auth,
        await db.query<{ id: number; name: string; base_url: string | null }>(
          'SELECT id, name, base_url FROM stores WHERE seller_id = $1 ORDER BY id',
          [auth.sellerId],
        ),
        (store) => Number(store.id),
      ),
    }),
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.campaigns,
    summary: 'Campaign list (get_campaigns)',
    tags: ['campaigns'],
    permission: 'get_campaigns',
    query: CampaignListQuery,
    response: paginated(Campaign),
    handler: async ({ auth, query }) => {
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
  });
  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.campaigns,
    summary: 'Create a campaign from product templates (update_campaign)',
    tags: ['campaigns'],
    permission: 'update_campaign',
    body: CampaignCreateBody,
    response: Campaign,
    handler: async ({ auth, body }) => {
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
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.campaign,
    summary: 'A campaign with products, designs and mockups (get_campaigns)',
    tags: ['campaigns'],
    permission: 'get_campaigns',
    params: IdParams,
    response: Campaign,
    handler: async ({ auth, params }) => {
      const campaign = await getCampaignFull(db, auth.sellerId, params.id);
      if (!campaign) throw notFound();
      return { data: campaign };
    },
  });
  defineRoute(app, {
    method: 'PUT',
    url: API_PATHS.campaign,
    summary: 'Update a campaign (update_campaign)',
    tags: ['campaigns'],
    permission: 'update_campaign',
    params: IdParams,
    body: CampaignUpdateBody,
    response: Campaign,
    handler: async ({ auth, params, body }) => {
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
