import { z } from 'zod';
import { IMAGE_PROXY_MAX_SIDE } from './constants.js';

/** Folder of an upload: slash-separated safe names, never absolute and never '..'. */
const folder = z
  .string()
  .regex(
    /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*)?$/,
    'Must be a relative folder of letters, digits, dots, dashes and underscores',
  )
  .max(255);

/** `POST /pre-signed-url` (spec §7). */
export const PreSignedUrlBody = z.object({
  fileName: z
    .string()
    .min(1, 'fileName is required')
    .max(255)
    .regex(/^[^/\\]+$/, 'fileName must not hold a folder')
    .refine((name) => name !== '.' && name !== '..', 'fileName is invalid'),
  filePath: folder.default(''),
  /** Bound into the signature when given; the PUT must then send the same Content-Type. */
  contentType: z.string().min(1).max(255).optional(),
});
export type PreSignedUrlBody = z.infer<typeof PreSignedUrlBody>;
export type PreSignedUrlBodyInput = z.input<typeof PreSignedUrlBody>;

/**
 * The answer: `filePath` is the stored key, `preSignedUrl` where to PUT the bytes, `fileUrl`
 * where the file is read afterwards.
 */
export const PreSignedUrlAnswer = z.object({
  filePath: z.string().min(1),
  preSignedUrl: z.string().min(1),
  fileUrl: z.string().min(1),
});
export type PreSignedUrlAnswer = z.infer<typeof PreSignedUrlAnswer>;

/** `POST /upload` multipart fields besides the file (spec §7: file, type, id). */
export const UploadFormFields = z.object({
  type: z.string().min(1).max(64).optional(),
  id: z.string().max(64).optional(),
});
export type UploadFormFields = z.infer<typeof UploadFormFields>;
export const UploadAnswer = PreSignedUrlAnswer.omit({ preSignedUrl: true });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/**
 * `GET /img` (spec §7 image-resizing proxy): the external image and the box to fit it in, or a
 * thumbnail request with a token. `original=1` answers the image's own bytes instead of a
 * resized WebP (bulk workers draw print files from them).
 */
export const ImageProxyQuery = z.object({
  url: z.string().url('url must be an absolute http(s) address'),
  w: z.coerce.number().int().positive().max(IMAGE_PROXY_MAX_SIDE).optional(),
  h: z.coerce.number().int().positive().max(IMAGE_PROXY_MAX_SIDE).optional(),
  is_thumbnail: z.enum(['0', '1', 'true', 'false']).optional(),
  token: z.string().optional(),
  original: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type ImageProxyQuery = z.infer<typeof ImageProxyQuery>;
