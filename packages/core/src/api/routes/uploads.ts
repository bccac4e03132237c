import {
  PreSignedUrlAnswer,
  PreSignedUrlBody,
  UploadAnswer,
  UploadFormFields,
} from '../uploadSchemas.js';
import { route } from './RouteContract.js';

const tags = ['uploads'] as const;

/**
 * Files (spec §4 Upload, §7): a pre-signed address, then a PUT of the bytes to it; or one
 * multipart `/upload`. Uploading writes into the seller's storage, so it needs update_campaign.
 */
export const uploads = {
  preSignedUrl: route({
    method: 'POST',
    path: '/pre-signed-url',
    summary: 'A signed, expiring PUT address for one file',
    tags,
    permission: 'update_campaign',
    body: PreSignedUrlBody,
    response: PreSignedUrlAnswer,
    errors: [422],
  }),
  publicPreSignedUrl: route({
    method: 'POST',
    path: '/public/pre-signed-url',
    summary: 'A signed PUT address without a session (public folder)',
    description:
      "With a session holding update_campaign the file goes to the seller's folder, otherwise to the public one; without a session it needs a solved bot check in the X-Bot-Check header (403 without one).",
    tags,
    auth: 'optional',
    permission: 'update_campaign',
    body: PreSignedUrlBody,
    response: PreSignedUrlAnswer,
    errors: [403, 422],
  }),
  blobPut: route({
    method: 'PUT',
    path: '/blob/*',
    summary: 'The bytes of a file, to the address a pre-signed URL gave',
    description:
      'Authorised by the signature of the address (`expires`, `sig`, `ct` in its query), not by a session; the body is the raw file with its content type.',
    tags,
    auth: 'optional',
    bodyKind: 'raw',
    response: UploadAnswer.pick({ filePath: true }),
    errors: [403, 413, 422, 502],
  }),
  blobGet: route({
    method: 'GET',
    path: '/files/*',
    summary: 'A stored file (local blob store)',
    tags,
    auth: 'none',
    answer: { kind: 'binary', contentType: 'application/octet-stream' },
    errors: [404],
  }),
  upload: route({
    method: 'POST',
    path: '/upload',
    summary: 'Upload one file (multipart: file, type, id)',
    tags,
    permission: 'update_campaign',
    bodyKind: 'multipart',
    body: UploadFormFields,
    response: UploadAnswer,
    errors: [413, 422, 502],
  }),
} as const;
