import type { z } from 'zod';
import { mockupUploadTarget } from '../campaign/MockupUploadRecord.js';
import { parseTrace } from '../client/parseTrace.js';
import { normalizeError } from '../errors/normalizeError.js';
import type { FulfillmentImportAnswer } from '../fulfillment/FulfillmentOrder.js';
import type { ClipartUploadAnswer, SellerFont } from '../personalized/library.js';
import { ApiError } from './ApiError.js';
import { SwitchAccountCustomPayload } from './authSchemas.js';
import {
  errorFromAnswer,
  isRecord,
  type Transport,
  UNAUTHORIZED,
  uploadRetryDelay,
  validated,
} from './clientTransport.js';
import {
  SWITCH_ACCOUNT_FAILED_MESSAGE,
  SWITCH_BACK_FAILED_MESSAGE,
  UPLOAD_ATTEMPTS,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_PUT_OK_STATUS,
} from './constants.js';
import { envelope } from './envelope.js';
import type { clientInfo } from './routes/clientInfo.js';
import type { fulfillment } from './routes/fulfillment.js';
import type { personalizedLibrary } from './routes/personalizedLibrary.js';
import type { team } from './routes/team.js';
import type { uploads } from './routes/uploads.js';
import {
  type PreSignedUrlAnswer,
  PreSignedUrlBody,
  type UploadAnswer,
  UploadFormFields,
} from './uploadSchemas.js';

/** Bytes to upload: a Blob/File carries its own content type. */
export type UploadBody = Blob | ArrayBuffer | Uint8Array<ArrayBuffer>;

export interface UploadFileInput {
  file: UploadBody;
  fileName: string;
  /** Folder in the blob store, e.g. 'p/12'. */
  filePath?: string;
  /** Defaults to the Blob's type, else application/octet-stream. */
  contentType?: string;
  /** Use `/public/pre-signed-url` (no session needed). */
  public?: boolean;
  /** A solved bot check for an anonymous upload (`public` without a session). */
  botCheck?: string;
}

export type SwitchAccountResult =
  | { ok: true; access_token: string; message: string | undefined; fta_diff: boolean }
  | { ok: false; message: string; statusCode: number; fta_diff: boolean };

export type SwitchBackResult =
  | { ok: true; access_token: string }
  | { ok: false; message: string; statusCode: number };

/*
 * The calls of a group that are not plain JSON (multipart uploads, plain-text answers, refusals
 * reported instead of thrown), each built from the group's own table. The eager client adds them
 * to its groups; the lazy client adds them once the group is loaded.
 */

/** Switch account and switch back (spec §4): a refusal is reported, not thrown. */
export function teamExtras(t: Transport, group: typeof team) {
  return {
    /**
     * Switches to a seller account (spec §4). Never throws for a refused switch: the result
     * carries the message to show and `fta_diff`, which sends the user to the 2FA settings.
     */
    async switchAccount(
      body: z.input<typeof group.switchAccount.body>,
    ): Promise<SwitchAccountResult> {
      const contract = group.switchAccount;
      const request = t.requestOf(contract, { body });
      const { response, payload } = await t.send(contract.method, request.path, request.send);
      const record = isRecord(payload) ? payload : {};
      const custom = SwitchAccountCustomPayload.safeParse(record.customPayload ?? {});
      const fta_diff = custom.success ? custom.data.fta_diff : false;
      const answer = envelope(contract.response).safeParse(payload);
      if (response.ok && answer.success && answer.data.success) {
        return {
          ok: true,
          access_token: answer.data.data.access_token,
          message: answer.data.message,
          fta_diff,
        };
      }
      const error = response.ok
        ? new ApiError(SWITCH_ACCOUNT_FAILED_MESSAGE, response.status)
        : errorFromAnswer(response, payload);
      if (error.statusCode === UNAUTHORIZED) t.options.onUnauthorized?.(error);
      const serverMessage = typeof record.message === 'string' ? record.message : '';
      return {
        ok: false,
        message: serverMessage !== '' ? error.message : SWITCH_ACCOUNT_FAILED_MESSAGE,
        statusCode: error.statusCode,
        fta_diff,
      };
    },
    /** Back to the user's own account (spec §4); a refusal carries the spec's message. */
    async switchBackAccount(): Promise<SwitchBackResult> {
      try {
        const answer = (await t.call(group.switchBackAccount, {})) as { access_token: string };
        return { ok: true, access_token: answer.access_token };
      } catch (error) {
        const apiError = normalizeError(error);
        return {
          ok: false,
          message: SWITCH_BACK_FAILED_MESSAGE,
          statusCode: apiError.statusCode,
        };
      }
    },
  };
}

/** The visitor's address and country as the API host sees them (plain text, not JSON). */
export function clientInfoExtras(t: Transport, group: typeof clientInfo) {
  return {
    async trace(): Promise<Record<string, string>> {
      const { response, payload } = await t.send('GET', group.trace.path, {});
      if (!response.ok) t.fail(errorFromAnswer(response, payload));
      return parseTrace(typeof payload === 'string' ? payload : '');
    },
  };
}

/** Pre-signed uploads with retries, mockup uploads and the multipart `POST /upload`. */
export function uploadsExtras(t: Transport, group: typeof uploads) {
  const plain = t.groupClient(group);

  /**
   * Uploads a file (spec §4 Upload, §7): ask for a pre-signed address, then PUT the bytes with
   * their content type; status 200 is success. Up to 3 attempts, each with a fresh address and
   * after a growing wait (`uploadRetryDelay`), then 'Upload file failed'. Returns the stored key
   * (`filePath`) and its `fileUrl`.
   */
  async function uploadFile(input: UploadFileInput): Promise<PreSignedUrlAnswer> {
    const contentType =
      input.contentType ??
      (input.file instanceof Blob && input.file.type !== ''
        ? input.file.type
        : 'application/octet-stream');
    const body = validated(PreSignedUrlBody, {
      fileName: input.fileName,
      filePath: input.filePath,
      contentType,
    });
    const presign = input.public ? plain.publicPreSignedUrl : plain.preSignedUrl;
    let lastStatus = 500;
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await t.sleep(uploadRetryDelay(attempt));
      try {
        // A solution works once: only the first attempt carries it.
        const signed = await presign({
          body,
          ...(attempt === 1 && input.botCheck ? { botCheck: input.botCheck } : {}),
        });
        const put = await t.fetchImpl(t.absolute(signed.preSignedUrl), {
          method: 'PUT',
          headers: { 'content-type': contentType },
          body: input.file,
        });
        if (put.status === UPLOAD_PUT_OK_STATUS) return signed;
        lastStatus = put.status;
      } catch (error) {
        lastStatus = normalizeError(error).statusCode;
      }
    }
    throw new ApiError(UPLOAD_FAILED_MESSAGE, lastStatus);
  }

  return {
    uploadFile,
    /**
     * Uploads a rendered mockup under 'p/{campaignId}' named from the mockup id and the given
     * timestamp (spec §7); the answer's `filePath` (the stored key) becomes the mockup's file_url.
     */
    uploadMockup: async (input: {
      campaignId: number;
      mockupId: number;
      timestamp: number;
      file: UploadBody;
      contentType?: string;
      extension?: string;
    }) =>
      uploadFile({
        ...mockupUploadTarget(input.campaignId, input.mockupId, input.timestamp, input.extension),
        file: input.file,
        contentType: input.contentType ?? 'image/jpeg',
      }),
    /** `POST /upload` as multipart form data (spec §7: file, type, id); no retries. */
    upload: async (
      input: { file: Blob; fileName: string } & z.input<typeof UploadFormFields>,
    ): Promise<UploadAnswer> => {
      const fields = validated(UploadFormFields, { type: input.type, id: input.id });
      const form = new FormData();
      form.set('file', input.file, input.fileName);
      if (fields.type !== undefined) form.set('type', fields.type);
      if (fields.id !== undefined) form.set('id', fields.id);
      return (await t.call(group.upload, {}, form)) as UploadAnswer;
    },
  };
}

/** Font and clipart uploads as multipart forms. */
export function personalizedLibraryExtras(t: Transport, group: typeof personalizedLibrary) {
  return {
    /** `POST /seller/personalized/fonts` with the font as the multipart `file`. */
    uploadFont: async (file: Blob, fileName: string): Promise<SellerFont> => {
      const form = new FormData();
      form.set('file', file, fileName);
      return (await t.call(group.uploadFont, {}, form)) as SellerFont;
    },
    /** Adds images to a clipart group: each file a multipart `file` part. */
    uploadCliparts: async (
      groupId: number,
      files: readonly { file: Blob; fileName: string }[],
    ): Promise<ClipartUploadAnswer> => {
      const form = new FormData();
      for (const { file, fileName } of files) form.append('file', file, fileName);
      return (await t.call(
        group.uploadCliparts,
        { params: { id: groupId } },
        form,
      )) as ClipartUploadAnswer;
    },
  };
}

/** The fulfillment CSV import as a multipart form. */
export function fulfillmentExtras(t: Transport, group: typeof fulfillment) {
  return {
    /** `POST /seller/fulfillment/orders/import` with the CSV as the multipart `file`. */
    importOrders: async (file: Blob, fileName: string): Promise<FulfillmentImportAnswer> => {
      const form = new FormData();
      form.set('file', file, fileName);
      return (await t.call(group.importOrders, {}, form)) as FulfillmentImportAnswer;
    },
  };
}
