import { API, slugify, TEMPLATE_PRODUCT_TYPE } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { copyCampaignDraft, copySlug, freeSlug, lockCampaign } from '../sql/campaignLifecycle.js';
import { getCampaignFull } from '../sql/campaigns.js';
import { insertAudit } from '../sql/sessions.js';

/** Messages a seller reads when a template action cannot run. */
export const TEMPLATE_MESSAGES = {
  campaignNotFound: 'Campaign not found',
  templateNotFound: 'Template not found',
} as const;

/**
 * Template campaigns: a copy of a campaign kept as a reusable starting point, and new draft
 * campaigns started from one. Both copy products (colours, prices), designs and mockups.
 */
export async function registerCampaignTemplateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const answer = async (auth: AuthContext, id: number) => {
    const campaign = await getCampaignFull(db, auth.sellerId, id);
    if (!campaign) throw notFound();
    return campaign;
  };

  registerGroup(app, API.campaignTemplates, {
    saveAsTemplate: async ({ auth, params, body }) => {
      const id = await db.transaction(async (tx) => {
        const source = await lockCampaign(tx, auth.sellerId, params.id);
        if (!source) throw notFound(TEMPLATE_MESSAGES.campaignNotFound);
        return copyCampaignDraft(tx, auth.sellerId, source, {
          name: body.name ?? source.name,
          slug: await copySlug(tx, auth.sellerId, source, '-template'),
          productType: TEMPLATE_PRODUCT_TYPE,
        });
      });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_save_as_template',
        detail: { id: params.id, template: id },
      });
      return { data: await answer(auth, id), message: 'Template saved' };
    },
    startFromTemplate: async ({ auth, params, body }) => {
      const id = await db.transaction(async (tx) => {
        const template = await lockCampaign(tx, auth.sellerId, params.id);
        if (!template || template.product_type !== TEMPLATE_PRODUCT_TYPE) {
          throw notFound(TEMPLATE_MESSAGES.templateNotFound);
        }
        const name = body.name ?? template.name;
        return copyCampaignDraft(tx, auth.sellerId, template, {
          name,
          slug: body.slug ?? (await freeSlug(tx, auth.sellerId, slugify(name) || 'campaign')),
          productType: 'campaign',
        });
      });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_use_template',
        detail: { template: params.id, id },
      });
      return { data: await answer(auth, id), message: 'Campaign created from the template' };
    },
  });
}
