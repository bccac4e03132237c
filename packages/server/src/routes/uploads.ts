import {
  API,
  type PreSignedUrlBody,
  type UploadAnswer,
  UploadFormFields,
  uploadFileName,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BLOB_PUT_PREFIX,
  blobPath,
  checkSignature,
  keyOwner,
  readBlob,
  sign,
  writeBlob,
} from '../blob/blobStore.js';
import { bytesMatchType, FILE_TYPE_MESSAGES, typeOfName } from '../blob/fileTypes.js';
import { fileUrlOf } from '../blob/fileUrl.js';
import { presignS3 } from '../blob/s3Presign.js';
import { checkUploads, sweepUploads, uploadKeysIn } from '../blob/uploadChecks.js';
import { DEFAULT_UPLOAD_MAX_BYTES, PRE_SIGNED_URL_TTL_SECONDS } from '../config.js';
import { forbidden, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { insertCheckedUpload, insertPendingUpload } from '../sql/uploads.js';
import { registerImageProxy } from './imageProxy.js';

export const UPLOAD_MESSAGES = {
  urlInvalid: 'The upload address is invalid.',
  urlExpired: 'The upload address has expired.',
  otherTenant: 'This upload address belongs to another account.',
  fileRequired: 'Please choose a file to upload.',
} as const;

/** How often uploads whose signed PUT expired are checked once more (blob/uploadChecks.ts). */
const UPLOAD_SWEEP_INTERVAL_MS = 60_000;

/** Public uploads (no session) are kept apart from every seller's files. */
const PUBLIC_OWNER = 0;

const SignedQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1),
  ct: z.string().default(''),
});

export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const secret = app.config.secret;
  const maxBytes = app.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;

  function keyFor(owner: number, filePath: string, fileName: string): string {
    const stored = uploadFileName(fileName, Date.now());
    // Anonymous uploads stay in their own folder, apart from the catalog assets under s0/.
    const scope = owner === PUBLIC_OWNER ? `s${owner}/public` : `s${owner}`;
    return [scope, filePath, stored].filter((p) => p !== '').join('/');
  }

  async function presign(owner: number, body: PreSignedUrlBody) {
    if (!typeOfName(body.fileName)) {
      throw unprocessable(FILE_TYPE_MESSAGES.notAllowed, {
        fileName: [FILE_TYPE_MESSAGES.notAllowed],
      });
    }
    const key = keyFor(owner, body.filePath, body.fileName);
    const s3 = app.config.s3;
    if (s3) {
      // The bytes go straight to the bucket: the extension and the bound content type are
      // checked here, the bytes when a request first names the object (blob/uploadChecks.ts).
      await insertPendingUpload(db, {
        sellerId: owner === PUBLIC_OWNER ? null : owner,
        filePath: key,
        contentType: typeOfName(body.fileName) ?? 'application/octet-stream',
        ttlSeconds: PRE_SIGNED_URL_TTL_SECONDS,
      });
      return {
        filePath: key,
        preSignedUrl: presignS3(s3, {
          method: 'PUT',
          key,
          expiresIn: PRE_SIGNED_URL_TTL_SECONDS,
          now: new Date(),
          contentType: body.contentType ?? typeOfName(body.fileName) ?? undefined,
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
      fileUrl: fileUrlOf(undefined, key),
    };
  }

  async function store(owner: number, key: string, bytes: Buffer, nameForType: string) {
    const type = typeOfName(nameForType);
    if (!type) throw unprocessable(FILE_TYPE_MESSAGES.notAllowed);
    if (bytes.length === 0) throw unprocessable(FILE_TYPE_MESSAGES.empty);
    if (bytes.length > maxBytes) throw httpError(413, FILE_TYPE_MESSAGES.tooLarge);
    if (!bytesMatchType(type, bytes)) throw unprocessable(FILE_TYPE_MESSAGES.mismatch);
    const s3 = app.config.s3;
    if (s3) {
      const put = await fetch(
        presignS3(s3, {
          method: 'PUT',
          key,
          expiresIn: PRE_SIGNED_URL_TTL_SECONDS,
          now: new Date(),
          contentType: type,
        }),
        { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(bytes) },
      ).catch((error: unknown) => {
        app.log.error({ err: error, key }, 'bucket upload failed');
        return null;
      });
      if (!put?.ok) throw httpError(502, 'Upload file failed');
    } else {
      await writeBlob(app.blobDir, key, bytes);
    }
    await insertCheckedUpload(db, {
      sellerId: owner === PUBLIC_OWNER ? null : owner,
      filePath: key,
      contentType: type,
      size: bytes.length,
    });
  }

  registerGroup(app, API.uploads, {
    preSignedUrl: async ({ auth, body }) => ({ data: await presign(auth.sellerId, body) }),
    publicPreSignedUrl: async ({ auth, body }) => ({
      data: await presign(auth?.sellerId ?? PUBLIC_OWNER, body),
    }),
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
      await store(owner, key, bytes, key);
      return { data: { filePath: key } };
    },
    blobGet: async ({ request, reply }) => {
      const key = decodeURIComponent((request.params as { '*': string })['*']);
      // With S3 the files live in the bucket; `/files/{key}` addresses saved before (or by
      // migration 009) still lead there.
      if (app.config.s3) return reply.redirect(fileUrlOf(app.config.s3, key), 302);
      try {
        blobPath(app.blobDir, key);
      } catch {
        throw notFound();
      }
      const bytes = await readBlob(app.blobDir, key);
      if (!bytes) throw notFound();
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
      const key = keyFor(auth.sellerId, folder, file.name);
      await store(auth.sellerId, key, file.bytes, file.name);
      const data: UploadAnswer = {
        filePath: key,
        fileUrl: fileUrlOf(app.config.s3, key),
      };
      return { data };
    },
  });

  await registerImageProxy(app);
  registerUploadChecks(app, maxBytes);
}

/**
 * With a bucket configured: every state-changing request that names an uploaded object has the
 * object's bytes checked before its handler runs, and expired uploads are swept every minute.
 */
function registerUploadChecks(app: FastifyInstance, maxBytes: number): void {
  const s3 = app.config.s3;
  if (!s3) return;
  const env = { db: app.db, s3, maxBytes, log: app.log };
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    if (!request.body || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return;
    await checkUploads({ ...env, log: request.log }, uploadKeysIn(request.body, s3));
  });
  const timer = setInterval(() => {
    sweepUploads(env).catch((error: unknown) =>
      app.log.error({ err: error }, 'upload sweep failed'),
    );
  }, UPLOAD_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
