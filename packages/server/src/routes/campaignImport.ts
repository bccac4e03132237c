import {
  API,
  CAMPAIGN_EXPORT_FORMAT,
  CAMPAIGN_EXPORT_MAX,
  type CampaignImportItem,
  CampaignImportItem as CampaignImportItemSchema,
  type CampaignImportResult,
  importIssueText,
  splitIds,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { storedFileUrl } from '../blob/fileUrl.js';
import type { Db } from '../db/Db.js';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  campaignImportedFrom,
  campaignProductIds,
  exportCampaigns,
  setImportSource,
} from '../sql/campaignImport.js';
import { insertCampaign, TemplateMissingError, updateCampaign } from '../sql/campaigns.js';
import { insertAudit } from '../sql/sessions.js';

/** What a seller reads about an import entry that was not created. */
export const IMPORT_MESSAGES = {
  skipped: 'Already imported',
  failed: 'Something went wrong, please try again.',
} as const;

/** Postgres unique_violation: the same source imported twice at the same moment. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export async function registerCampaignImportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const address = (value: string) => storedFileUrl(app.config.s3, value);

  /** Creates one entry as a draft campaign in its own transaction; its id. */
  const create = (sellerId: number, item: CampaignImportItem) =>
    db.transaction(async (tx) => {
      const existing = await campaignImportedFrom(tx, sellerId, item.source_id);
      if (existing !== undefined) return { status: 'skipped' as const, id: existing };
      const id = await insertCampaign(tx, sellerId, {
        name: item.name,
        ...(item.slug ? { slug: item.slug } : {}),
        system_type: item.system_type,
        product_type: item.product_type,
        ...(item.artwork_url ? { artwork_url: address(item.artwork_url) } : {}),
        ...(item.collection ? { collection: item.collection } : {}),
        ...(item.niche ? { niche: item.niche } : {}),
        products: item.products.map((p) => ({
          template_id: p.template_id,
          ...(p.options ? { options: p.options } : {}),
          ...(p.default_option ? { default_option: p.default_option } : {}),
          ...(p.price !== null && p.price !== undefined ? { price: p.price } : {}),
        })),
      });
      const productIds = await campaignProductIds(tx, id);
      await updateCampaign(tx, sellerId, id, {
        designs: item.products.flatMap((p, i) =>
          p.designs.map((d) => ({
            product_id: productIds[i] ?? null,
            print_space: d.print_space,
            design_json: d.design_json ?? null,
            ...(d.file_url ? { file_url: address(d.file_url) } : {}),
            ...(d.option ? { option: d.option } : {}),
          })),
        ),
        mockups: item.products.flatMap((p, i) =>
          p.mockups.flatMap((m) => {
            const productId = productIds[i];
            if (productId === undefined) return [];
            return [
              {
                product_id: productId,
                print_space: m.print_space,
                file_url: address(m.file_url),
                ...(m.mockup_template_id ? { mockup_template_id: m.mockup_template_id } : {}),
                is_default: m.is_default,
              },
            ];
          }),
        ),
      });
      await setImportSource(tx, sellerId, id, item.source_id);
      return { status: 'created' as const, id };
    });

  registerGroup(app, API.campaignImport, {
    exportList: async ({ auth, query }) => ({
      data: {
        format: CAMPAIGN_EXPORT_FORMAT,
        exported_at: new Date().toISOString(),
        campaigns: await exportCampaigns(
          db,
          auth.sellerId,
          query.ids === undefined ? null : splitIds(query.ids),
          CAMPAIGN_EXPORT_MAX,
        ),
      },
    }),
    exportOne: async ({ auth, params }) => {
      const campaigns = await exportCampaigns(db, auth.sellerId, [params.id], 1);
      if (campaigns.length === 0) throw notFound('Campaign not found');
      return {
        data: { format: CAMPAIGN_EXPORT_FORMAT, exported_at: new Date().toISOString(), campaigns },
      };
    },
    import: async ({ auth, body, request }) => {
      const results: CampaignImportResult[] = [];
      for (const [index, raw] of body.campaigns.entries()) {
        const base = { index, source_id: text(raw.source_id), name: text(raw.name) };
        const parsed = CampaignImportItemSchema.safeParse(raw);
        if (!parsed.success) {
          results.push({
            ...base,
            status: 'failed',
            campaign_id: null,
            message: importIssueText(parsed.error),
          });
          continue;
        }
        results.push(await importOne(db, auth.sellerId, parsed.data, base, create, request.log));
      }
      const count = (status: CampaignImportResult['status']) =>
        results.filter((r) => r.status === status).length;
      const answer = {
        results,
        created: count('created'),
        skipped: count('skipped'),
        failed: count('failed'),
      };
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_import',
        detail: { created: answer.created, skipped: answer.skipped, failed: answer.failed },
      });
      return {
        data: answer,
        message: `${answer.created} created, ${answer.skipped} already imported, ${answer.failed} failed`,
      };
    },
  });
}

async function importOne(
  db: Db,
  sellerId: number,
  item: CampaignImportItem,
  base: Pick<CampaignImportResult, 'index' | 'source_id' | 'name'>,
  create: (
    sellerId: number,
    item: CampaignImportItem,
  ) => Promise<{ status: 'created' | 'skipped'; id: number }>,
  log: { error: (detail: object, message: string) => void },
): Promise<CampaignImportResult> {
  try {
    const outcome = await create(sellerId, item);
    return {
      ...base,
      status: outcome.status,
      campaign_id: outcome.id,
      message: outcome.status === 'skipped' ? IMPORT_MESSAGES.skipped : null,
    };
  } catch (error) {
    if (error instanceof TemplateMissingError) {
      return { ...base, status: 'failed', campaign_id: null, message: error.message };
    }
    if (isUniqueViolation(error)) {
      const existing = await campaignImportedFrom(db, sellerId, item.source_id);
      return {
        ...base,
        status: 'skipped',
        campaign_id: existing ?? null,
        message: IMPORT_MESSAGES.skipped,
      };
    }
    log.error({ err: error, index: base.index }, 'campaign import entry failed');
    return { ...base, status: 'failed', campaign_id: null, message: IMPORT_MESSAGES.failed };
  }
}
