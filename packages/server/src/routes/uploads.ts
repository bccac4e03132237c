import { promisify } from 'node:util';
import { brotliDecompress as brotliDecompressCallback } from 'node:zlib';
import { API, type PreSignedUrlBody, type UploadAnswer, UploadFormFields } from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireBotCheck } from '../auth/botCheck.js';
import {
  BLOB_PUT_PREFIX,
  blobPath,
  checkSignature,
  keyOwner,
  readBlob,
  sign,
} from '../blob/blobStore.js';
import { FILE_TYPE_MESSAGES, typeOfName } from '../blob/fileTypes.js';
import { fileUrlOf } from '../blob/fileUrl.js';
import { presignS3 } from '../blob/s3Presign.js';
import { storeNewUpload, storeSignedPut } from '../blob/storeUpload.js';
import { PUBLIC_OWNER, takeUploadKey } from '../blob/uploadKeys.js';
import { PRE_SIGNED_URL_TTL_SECONDS } from '../config.js';
import { forbidden, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { reserveUpload } from '../sql/uploads.js';
import { registerImageProxy } from './imageProxy.js';

const brotliDecompress = promisify(brotliDecompressCallback);

/** A 3D template's baked maps (`model.bake.bin` beside its GLB), stored Brotli-compressed. */
function isBakeFile(key: string): boolean {
  return /^s0\/templates\/.+\.bake\.bin$/.test(key);
}

/**
 * A bake as its bytes: sent as stored with `Content-Encoding: br` to a client that accepts
 * Brotli (the browser decompresses while it downloads, 0.9 MB instead of 64 MB), decompressed
 * here for one that does not.
 */
async function sendBake(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: Buffer,
): Promise<FastifyReply> {
  const accepts = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => part.trim().split(';')[0] === 'br');
  reply.header('content-type', 'application/octet-stream');
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('vary', 'accept-encoding');
  reply.header('x-content-type-options', 'nosniff');
  if (accepts) {
    reply.header('content-encoding', 'br');
    return reply.send(stored);
  }
  return reply.send(await brotliDecompress(stored));
}

export const UPLOAD_MESSAGES = {
  urlInvalid: 'The upload address is invalid.',
  urlExpired: 'The upload address has expired.',
  otherTenant: 'This upload address belongs to another account.',
  fileRequired: 'Please choose a file to upload.',
} as const;

/** Window of the anonymous upload-address rate limit (`publicUploadRateLimit` per window). */
const PUBLIC_UPLOAD_RATE_WINDOW_MS = 60_000;

const SignedQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1),
  ct: z.string().default(''),
});

export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const secret = app.config.secret;
  const storeEnv = { db, settings: app.config, blobDir: app.blobDir, log: app.log };
  const publicUploadRate = app.createRateLimit({
    max: app.config.publicUploadRateLimit,
    timeWindow: PUBLIC_UPLOAD_RATE_WINDOW_MS,
  });

  /** Anonymous upload addresses are rate-limited per client address. */
  async function limitPublicUploads(request: FastifyRequest, reply: FastifyReply) {
    const limit = await publicUploadRate(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw httpError(
      429,
      `Too many upload requests, please try again in ${limit.ttlInSeconds} seconds.`,
    );
  }

  /**
   * Reserves a fresh key for the file and hands out its signed PUT. Sellers with a bucket PUT
   * straight to it (checked when first used, blob/uploadChecks.ts); everyone else, and anonymous
   * uploads in either store, PUT to the server, which checks the bytes, spends the address and
   * counts anonymous bytes per client address.
   */
  async function presign(owner: number, body: PreSignedUrlBody, clientAddress: string) {
    const type = typeOfName(body.fileName);
    if (!type) {
      throw unprocessable(FILE_TYPE_MESSAGES.notAllowed, {
        fileName: [FILE_TYPE_MESSAGES.notAllowed],
      });
    }
    const anonymous = owner === PUBLIC_OWNER;
    const key = await takeUploadKey(
      { owner, folder: body.filePath, fileName: body.fileName },
      (candidate) =>
        reserveUpload(db, {
          sellerId: anonymous ? null : owner,
          filePath: candidate,
          contentType: type,
          ttlSeconds: PRE_SIGNED_URL_TTL_SECONDS,
          clientAddress: anonymous ? clientAddress : null,
        }),
    );
    const s3 = app.config.s3;
    if (s3 && !anonymous) {
      return {
        filePath: key,
        preSignedUrl: await presignS3(s3, {
          method: 'PUT',
          key,
          expiresIn: PRE_SIGNED_URL_TTL_SECONDS,
          now: new Date(),
          contentType: body.contentType ?? type,
        }),
        fileUrl: fileUrlOf(s3, key),
      };
    }
    const expires = Math.floor(Date.now() / 1000) + PRE_SIGNED_URL_TTL_SECONDS;
    const ct = body.contentType ?? '';
    const query = new URLSearchParams({
      expires: String(expires),
      sig: sign(secret, 'PUT', key, expires, ct),
    });
    if (ct) query.set('ct', ct);
    return {
      filePath: key,
      preSignedUrl: `${BLOB_PUT_PREFIX}${key}?${query.toString()}`,
      fileUrl: fileUrlOf(s3, key),
    };
  }

  registerGroup(app, API.uploads, {
    preSignedUrl: async ({ auth, body, request }) => ({
      data: await presign(auth.sellerId, body, request.ip),
    }),
    publicPreSignedUrl: async ({ auth, body, request, reply }) => {
      await limitPublicUploads(request, reply);
      // An upload into the public folder is anonymous (no session allowed to upload for a
      // seller): a person proves it with the bot check.
      if (!auth) await requireBotCheck(app.botCheck, request);
      return { data: await presign(auth?.sellerId ?? PUBLIC_OWNER, body, request.ip) };
    },
    // A raw-body route: it gets its own scope whose only parser hands over the bytes.
    blobPut: async ({ request }) => {
      const key = decodeURIComponent((request.params as { '*': string })['*']);
      const parsed = SignedQuery.safeParse(request.query);
      if (!parsed.success) throw forbidden(UPLOAD_MESSAGES.urlInvalid);
      const { expires, sig, ct } = parsed.data;
      const check = checkSignature(
        secret,
        'PUT',
        key,
        expires,
        ct,
        sig,
        Math.floor(Date.now() / 1000),
      );
      if (check === 'invalid') throw forbidden(UPLOAD_MESSAGES.urlInvalid);
      if (check === 'expired') throw forbidden(UPLOAD_MESSAGES.urlExpired);
      const owner = keyOwner(key);
      if (owner === null) throw forbidden(UPLOAD_MESSAGES.urlInvalid);
      // A signed-in caller may only use addresses of its own account.
      if (request.auth && owner !== PUBLIC_OWNER && request.auth.sellerId !== owner) {
        throw forbidden(UPLOAD_MESSAGES.otherTenant);
      }
      if (ct && request.headers['content-type'] !== ct) throw forbidden(UPLOAD_MESSAGES.urlInvalid);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await storeSignedPut({ ...storeEnv, log: request.log }, { owner, key, bytes });
      return { data: { filePath: key } };
    },
    blobGet: async ({ request, reply }) => {
      const key = decodeURIComponent((request.params as { '*': string })['*']);
      // With S3 the files live in the bucket; `/files/{key}` addresses saved before (or by
      // migration 011) still lead there.
      if (app.config.s3) return reply.redirect(fileUrlOf(app.config.s3, key), 302);
      try {
        blobPath(app.blobDir, key);
      } catch {
        throw notFound();
      }
      const bytes = await readBlob(app.blobDir, key);
      if (!bytes) throw notFound();
      if (isBakeFile(key)) return sendBake(request, reply, bytes);
      reply.header('content-type', typeOfName(key) ?? 'application/octet-stream');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(bytes);
    },
    upload: async ({ auth, request }) => {
      if (!request.isMultipart())
        throw unprocessable(UPLOAD_MESSAGES.fileRequired, { file: [UPLOAD_MESSAGES.fileRequired] });
      let file: { name: string; bytes: Buffer } | null = null;
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw httpError(413, FILE_TYPE_MESSAGES.tooLarge);
          file = { name: part.filename, bytes };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const form = UploadFormFields.parse(fields);
      if (!file?.name)
        throw unprocessable(UPLOAD_MESSAGES.fileRequired, { file: [UPLOAD_MESSAGES.fileRequired] });
      const folder = form.type ? form.type.replace(/[^A-Za-z0-9_-]/g, '') : '';
      const key = await storeNewUpload(
        { ...storeEnv, log: request.log },
        { owner: auth.sellerId, folder, fileName: file.name, bytes: file.bytes },
      );
      const data: UploadAnswer = {
        filePath: key,
        fileUrl: fileUrlOf(app.config.s3, key),
      };
      return { data };
    },
  });

  await registerImageProxy(app);
}
