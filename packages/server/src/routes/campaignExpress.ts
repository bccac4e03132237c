/**
 * Campaign express (spec §2 `/campaigns/express/*`): a template (or any campaign of the seller)
 * and one artwork become a launched campaign in one step. Starting checks everything a seller
 * can fix at once (the source, the slug, the artwork, the prices) and queues a regular bulk job
 * of one row marked express (sql/campaignExpress.ts); the bulk workers draw it and save-designs
 * launches it (routes/bulkRegular.ts).
 */
import {
  API,
  cappedPageInfo,
  EXPRESS_ARTWORK_MIN_SIDE,
  EXPRESS_MESSAGES,
  type ExpressLaunch,
  expressStage,
  firstDesignUrl,
  REGULAR_WORKER_LOG_MESSAGES,
  slugify,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import { keyOwner, readBlob } from '../blob/blobStore.js';
import { imageTypeOfBytes } from '../blob/fileTypes.js';
import { readObject } from '../blob/s3Objects.js';
import { uploadKeysIn } from '../blob/uploadChecks.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { setRegularJobsStatus } from '../sql/bulkRegular.js';
import {
  type ExpressJobRow,
  expressSlugTaken,
  expressSource,
  getExpressJob,
  insertExpressJob,
  listExpressJobs,
} from '../sql/campaignExpress.js';
import { freeSlug } from '../sql/campaignLifecycle.js';
import { insertAudit } from '../sql/sessions.js';

export function expressView(row: ExpressJobRow): ExpressLaunch {
  const stage = expressStage(row.status, row.campaign_status);
  return {
    id: Number(row.id),
    source_campaign_id: row.source_campaign_id === null ? null : Number(row.source_campaign_id),
    source_name: row.source_name,
    name: row.name,
    slug: row.slug ?? '',
    artwork_url: firstDesignUrl(row.designs) ?? null,
    stage,
    status: row.status as ExpressLaunch['status'],
    campaign_id: row.campaign_id === null ? null : Number(row.campaign_id),
    campaign_slug: row.campaign_slug,
    campaign_status: row.campaign_status,
    thumb_url: row.thumb_url,
    // A worker's message of an attempt that later succeeded is history, not news.
    message: stage === 'failed' || stage === 'draft' || stage === 'stopped' ? row.message : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function registerCampaignExpressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** The artwork's bytes, when it is one of the seller's own uploads; else a 422 to throw. */
  const checkArtwork = async (sellerId: number, url: string): Promise<void> => {
    const keys = [...uploadKeysIn({ artwork_url: url }, app.config.s3).keys()];
    const key = keys[0];
    if (keys.length !== 1 || !key || keyOwner(key) !== sellerId) {
      throw unprocessable(EXPRESS_MESSAGES.artworkNotUploaded, {
        artwork_url: [EXPRESS_MESSAGES.artworkNotUploaded],
      });
    }
    const bytes = app.config.s3
      ? await readObject(app.config.s3, key)
      : await readBlob(app.blobDir, key);
    const refuse = (message: string) => unprocessable(message, { artwork_url: [message] });
    if (!bytes) throw refuse(EXPRESS_MESSAGES.artworkMissing);
    if (!imageTypeOfBytes(bytes)) throw refuse(EXPRESS_MESSAGES.artworkNotImage);
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch {
      throw refuse(EXPRESS_MESSAGES.artworkUnreadable);
    }
    if (!size.width || !size.height) throw refuse(EXPRESS_MESSAGES.artworkUnreadable);
    if (Math.min(size.width, size.height) < EXPRESS_ARTWORK_MIN_SIDE) {
      throw refuse(EXPRESS_MESSAGES.artworkTooSmall(EXPRESS_ARTWORK_MIN_SIDE));
    }
  };

  const answer = async (auth: AuthContext, id: number) => {
    const row = await getExpressJob(db, auth.sellerId, id);
    if (!row) throw notFound();
    return expressView(row);
  };

  registerGroup(app, API.campaignExpress, {
    launch: async ({ auth, body }) => {
      const source = await expressSource(db, auth.sellerId, body.source_campaign_id);
      if (!source) throw notFound(EXPRESS_MESSAGES.sourceNotFound);
      // What the worker would stop at ('Campaign has no products', 'Original campaign has no
      // design') is said now, while the seller is on the page.
      if (source.products === 0) {
        throw unprocessable(REGULAR_WORKER_LOG_MESSAGES.campaignHasNoProducts);
      }
      if (source.designs === 0) {
        throw unprocessable(REGULAR_WORKER_LOG_MESSAGES.originalCampaignHasNoDesign);
      }
      const stray = body.prices.find((p) => !source.productIds.includes(p.product_id));
      if (stray) throw unprocessable(EXPRESS_MESSAGES.priceProduct(stray.product_id));
      await checkArtwork(auth.sellerId, body.artwork_url);
      const id = await db.transaction(async (tx) => {
        let slug: string;
        if (body.slug) {
          if (await expressSlugTaken(tx, auth.sellerId, body.slug)) {
            throw conflict(EXPRESS_MESSAGES.slugTaken);
          }
          slug = body.slug;
        } else {
          slug = await freeSlug(tx, auth.sellerId, slugify(body.name) || 'campaign');
        }
        return insertExpressJob(tx, auth.sellerId, {
          sourceId: source.id,
          name: body.name,
          slug,
          artworkUrl: body.artwork_url,
          prices: body.prices,
        });
      });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'campaign_express_launch',
        detail: { id, source: source.id },
      });
      return { data: await answer(auth, id), message: 'Express launch queued' };
    },
    list: async ({ auth, query }) => {
      const { rows, counted } = await listExpressJobs(db, auth.sellerId, query);
      return {
        data: {
          data: rows.map(expressView),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    get: async ({ auth, params }) => ({ data: await answer(auth, params.id) }),
    retry: async ({ auth, params }) => {
      await answer(auth, params.id);
      const moved = await setRegularJobsStatus(
        db,
        auth.sellerId,
        [params.id],
        ['failed', 'stopped'],
        'pending',
      );
      if (moved.length === 0) throw conflict(EXPRESS_MESSAGES.notRetryable);
      return { data: await answer(auth, params.id), message: 'Express launch queued again' };
    },
  });
}
