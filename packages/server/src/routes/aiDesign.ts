/**
 * AI design tools (`/seller/ai-design/jobs`, spec §2 /ai-design and /ai-design/history; beta):
 * a run of background removal or upscaling on one of the seller's uploads. The route checks the
 * upload is the seller's and an image the tool can take, records the run and enqueues its job in
 * the same transaction (src/aiDesign/aiDesignJob.ts); the page polls the run for its progress.
 * Every run is scoped to the seller; another seller's run or upload is 404.
 */
import {
  AI_DESIGN_MESSAGES,
  AI_MAX_INPUT_PIXELS,
  AI_MAX_OUTPUT_SIDE,
  AI_UPSCALE_MAX_INPUT_SIDE,
  type AiJob,
  API,
  pageInfo,
  printWidthQuality,
  upscaleTargetWidth,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { aiDesignJob, readUpload } from '../aiDesign/aiDesignJob.js';
import { fileUrlOf } from '../blob/fileUrl.js';
import type { S3Config } from '../blob/s3Presign.js';
import { notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  type AiJobRow,
  getAiJob,
  insertAiJob,
  listAiJobs,
  sellerUploadType,
} from '../sql/aiDesign.js';

const TOOL_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export function aiJobView(row: AiJobRow, s3: S3Config | undefined): AiJob {
  const image = (path: string, width: number, height: number) => ({
    file_path: path,
    file_url: fileUrlOf(s3, path),
    width,
    height,
    quality: printWidthQuality(width, row.print_width_in),
  });
  return {
    id: row.id,
    tool: row.tool,
    status: row.status,
    progress: row.progress,
    print_width_in: row.print_width_in,
    input: image(row.input_path, row.input_width, row.input_height),
    output:
      row.output_path && row.output_width && row.output_height
        ? image(row.output_path, row.output_width, row.output_height)
        : null,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

const fieldError = (message: string) => unprocessable(message, { file_path: [message] });

export async function registerAiDesignRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const s3 = app.config.s3;

  registerGroup(app, API.aiDesign, {
    create: async ({ auth, body }) => {
      const upload = await sellerUploadType(db, auth.sellerId, body.file_path);
      if (!upload) throw notFound(AI_DESIGN_MESSAGES.uploadNotFound);
      if (!upload.content_type || !TOOL_TYPES.has(upload.content_type)) {
        throw fieldError(AI_DESIGN_MESSAGES.notImage);
      }
      const bytes = await readUpload(app.config, app.blobDir, body.file_path);
      if (!bytes) throw notFound(AI_DESIGN_MESSAGES.uploadNotFound);
      let size: { width: number; height: number };
      try {
        const meta = await sharp(bytes).metadata();
        if (!meta.width || !meta.height) throw new Error('no size');
        // EXIF orientations 5–8 turn the image a quarter: the tools see it upright.
        size =
          (meta.orientation ?? 1) >= 5
            ? { width: meta.height, height: meta.width }
            : { width: meta.width, height: meta.height };
      } catch {
        throw fieldError(AI_DESIGN_MESSAGES.unreadable);
      }
      if (size.width * size.height > AI_MAX_INPUT_PIXELS)
        throw fieldError(AI_DESIGN_MESSAGES.tooLarge);
      if (body.tool === 'upscale') {
        if (Math.max(size.width, size.height) > AI_UPSCALE_MAX_INPUT_SIDE) {
          throw fieldError(AI_DESIGN_MESSAGES.tooLargeToUpscale);
        }
        const width = upscaleTargetWidth(size.width, body.print_width_in);
        if (Math.max(width, Math.round((size.height * width) / size.width)) > AI_MAX_OUTPUT_SIDE) {
          throw unprocessable(AI_DESIGN_MESSAGES.outputTooLarge, {
            print_width_in: [AI_DESIGN_MESSAGES.outputTooLarge],
          });
        }
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await insertAiJob(tx, {
          sellerId: auth.sellerId,
          createdBy: auth.actorId,
          tool: body.tool,
          printWidthIn: body.print_width_in,
          inputPath: body.file_path,
          inputWidth: size.width,
          inputHeight: size.height,
        });
        await app.jobs.enqueue(tx, aiDesignJob, { jobId: inserted.id, sellerId: auth.sellerId });
        return inserted;
      });
      return { data: aiJobView(row, s3) };
    },
    list: async ({ auth, query }) => {
      const { rows, total } = await listAiJobs(db, auth.sellerId, {
        tool: query.tool,
        status: query.status,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        data: {
          data: rows.map((row) => aiJobView(row, s3)),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    get: async ({ auth, params }) => {
      const row = await getAiJob(db, auth.sellerId, params.id);
      if (!row) throw notFound();
      return { data: aiJobView(row, s3) };
    },
  });
}
