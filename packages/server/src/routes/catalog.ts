import { API, type CampaignUpdateBody, cappedPageInfo, pageInfo, splitIds } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { storedFileUrl } from '../blob/fileUrl.js';
import { assertComboRules, type ComboFeeSettings } from '../combo/comboRules.js';
import { notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
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
import { runBulkCampaignAction, runCampaignAction } from './campaignActions.js';

export async function registerCatalogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const fees: ComboFeeSettings = {
    processingFee: app.config.processingFee,
    processingFeeMin: app.config.processingFeeMin,
  };
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
        settings: {
          processing_fee: app.config.processingFee,
          processing_fee_min: app.config.processingFeeMin,
          compare_price_rate: app.config.comparePriceRate,
        },
      },
    }),
  });
  registerGroup(app, API.campaigns, {
    list: async ({ auth, query }) => {
      const { rows, counted } = await listCampaigns(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: {
          data: rows.map((r) => ({ ...campaignView(r), products: [], designs: [] })),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body }) => {
      const id = await db
        .transaction(async (tx) => {
          const created = await insertCampaign(tx, auth.sellerId, body);
          await assertComboRules(tx, auth.sellerId, created, fees);
          return created;
        })
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
        .transaction(async (tx) => {
          const updated = await updateCampaign(tx, auth.sellerId, params.id, withAddresses(body));
          if (updated) await assertComboRules(tx, auth.sellerId, params.id, fees);
          return updated;
        })
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
    launch: async ({ auth, params }) => {
      await runCampaignAction(db, auth, 'launch', params.id, fees);
      return { data: await fullCampaign(auth.sellerId, params.id), message: 'Campaign launched' };
    },
    deactivate: async ({ auth, params }) => {
      await runCampaignAction(db, auth, 'deactivate', params.id);
      return {
        data: await fullCampaign(auth.sellerId, params.id),
        message: 'Campaign deactivated',
      };
    },
    duplicate: async ({ auth, params }) => {
      const copy = await runCampaignAction(db, auth, 'duplicate', params.id);
      return { data: await fullCampaign(auth.sellerId, copy.id), message: 'Campaign duplicated' };
    },
    remove: async ({ auth, params }) => {
      await runCampaignAction(db, auth, 'delete', params.id);
      return { data: { id: params.id }, message: 'Campaign deleted' };
    },
    bulkAction: async ({ auth, body, request }) => {
      const results = await runBulkCampaignAction(
        db,
        auth,
        body.action,
        body.ids,
        (err, id) =>
          request.log.error({ err, id, action: body.action }, 'campaign bulk action failed'),
        fees,
      );
      const done = results.filter((result) => result.ok).length;
      return {
        data: { results },
        message: `${done} of ${results.length} ${results.length === 1 ? 'campaign' : 'campaigns'} done`,
      };
    },
  });

  /**
   * A file named by its bare key (an upload's `filePath`, as the CLI's renderer sends it) is
   * stored as its address, like the bulk saves do, so every campaign's files show as they are.
   */
  function withAddresses(body: CampaignUpdateBody): CampaignUpdateBody {
    const address = (value: string) => storedFileUrl(app.config.s3, value);
    return {
      ...body,
      ...(body.designs
        ? {
            designs: body.designs.map((d) =>
              d.file_url ? { ...d, file_url: address(d.file_url) } : d,
            ),
          }
        : {}),
      ...(body.mockups
        ? { mockups: body.mockups.map((m) => ({ ...m, file_url: address(m.file_url) })) }
        : {}),
    };
  }

  async function fullCampaign(sellerId: number, id: number) {
    const campaign = await getCampaignFull(db, sellerId, id);
    if (!campaign) throw notFound();
    return campaign;
  }
}
