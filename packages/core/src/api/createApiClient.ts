import { z } from 'zod';
import { AuthorizedAccount } from '../account/AuthorizedAccount.js';
import {
  BulkAllAnswer,
  BulkAllBody,
  BulkJobSummary,
  BulkMultiSpaceListQuery,
  BulkMultiSpaceRow,
  BulkRemoveAnswer,
  BulkRowIdBody,
  BulkRowIdsBody,
  CreateBulkJobAnswer,
  CreateBulkJobBody,
} from '../bulk/BulkMultiSpaceList.js';
import {
  BulkCreateCampaignAnswer,
  BulkCreateCampaignBody,
  BulkLogBody,
  BulkRegularListQuery,
  BulkRegularRow,
  BulkSaveDesignsBody,
  CreateBulkRegularJobsAnswer,
  CreateBulkRegularJobsBody,
  NextJobAnswer,
  NextJobQuery,
} from '../bulk/BulkRegularJob.js';
import {
  PendingBulkQuery,
  PendingBulkRecord,
  TemplateCampaign,
} from '../bulk/PendingBulkRecord.js';
import { MarkRowInvalidBody, RowResultAnswer, SaveProcessedRowBody } from '../bulk/RowResult.js';
import { Campaign, CampaignCreateBody, CampaignUpdateBody } from '../campaign/Campaign.js';
import { CampaignListQuery } from '../campaign/CampaignListQuery.js';
import { mockupUploadTarget } from '../campaign/MockupUploadRecord.js';
import { MockupTemplate } from '../catalog/MockupTemplate.js';
import { ProductTemplate, ProductTemplateListQuery } from '../catalog/ProductTemplate.js';
import { parseTrace } from '../client/parseTrace.js';
import { normalizeError } from '../errors/normalizeError.js';
import { FeaturedInfoList } from '../featured/FeaturedInfo.js';
import {
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationReadStatus,
} from '../notification/Notification.js';
import { SiteConfig, Store } from '../store/storeState.js';
import { SellerSurvey } from '../survey/SellerSurvey.js';
import { User } from '../user/User.js';
import { ApiError } from './ApiError.js';
import {
  AccessTokenAnswer,
  DoneAnswer,
  ForgotPasswordBody,
  LoginAnswer,
  LoginAsSellerBody,
  LoginCredentials,
  RegisterBody,
  ResetPasswordBody,
  SwitchAccountBody,
  SwitchAccountCustomPayload,
  TfaCodeBody,
  TfaEnableAnswer,
  TfaVerifyBody,
  VerifyEmailBody,
} from './authSchemas.js';
import { MockupsQuery } from './catalogSchemas.js';
import {
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  INVALID_RESPONSE_MESSAGE,
  SWITCH_ACCOUNT_FAILED_MESSAGE,
  SWITCH_BACK_FAILED_MESSAGE,
  UPLOAD_ATTEMPTS,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_PUT_OK_STATUS,
} from './constants.js';
import { envelope, type FieldErrors, fieldErrorsOf, successEnvelope } from './envelope.js';
import { imageProxyUrl } from './imageProxyUrl.js';
import { paginated } from './pagination.js';
import { API_PATHS, pathWith } from './paths.js';
import {
  BalanceAnswer,
  PbTokenAnswer,
  UpdatedCountAnswer,
  UtmTrackAnswer,
  UtmTrackBody,
  VersionAnswer,
} from './shellSchemas.js';
import {
  CalcExtraPrintCostBody,
  Coupon,
  CouponConfigBody,
  CouponListQuery,
  EmailSender,
  EmailSenderBody,
  EmailSenderListQuery,
  EmailSenderStatus,
  ExtraPrintCost,
  KlaviyoSettings,
  KlaviyoSettingsBody,
  KlaviyoSyncAnswer,
  Subscriber,
  SubscriberBody,
  SubscriberListQuery,
} from './storeSchemas.js';
import {
  PreSignedUrlAnswer,
  PreSignedUrlBody,
  UploadAnswer,
  UploadFormFields,
} from './uploadSchemas.js';

/** The part of `fetch` the client uses: Node's global (undici) fetch and the browser's both fit. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Where the API lives, e.g. 'http://localhost:3000' or '' for the page's own origin. */
  baseUrl: string;
  fetch: FetchLike;
  /** The session token to send as `Authorization: Bearer`; none when it returns nothing. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called with the error of every 401 answer, before the error is thrown. */
  onUnauthorized?: (error: ApiError) => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

interface CallOptions {
  query?: QueryParams | undefined;
  body?: unknown;
  form?: FormData | undefined;
}

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
}

export type SwitchAccountResult =
  | { ok: true; access_token: string; message: string | undefined; fta_diff: boolean }
  | { ok: false; message: string; statusCode: number; fta_diff: boolean };

export type SwitchBackResult =
  | { ok: true; access_token: string }
  | { ok: false; message: string; statusCode: number };

const UNAUTHORIZED = 401;
const VALIDATION_STATUS = 400;
const BAD_GATEWAY = 502;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstFieldMessage(errors: FieldErrors | undefined): string | undefined {
  if (!errors) return undefined;
  for (const messages of Object.values(errors)) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}

/** Validates what the caller passes with the schema the server will apply, before any request. */
function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  throw new ApiError(firstFieldMessage(errors) ?? 'Invalid request', VALIDATION_STATUS, errors);
}

/**
 * The error of a failed answer, by the spec §8 rule (`normalizeError`): the first message of
 * `errors`, else `message`, else the plain HTTP error text; the status of the response. An
 * answer of `success: false` with a 2xx status counts as a 400.
 */
function errorFromAnswer(response: Response, payload: unknown): ApiError {
  return normalizeError({
    message: `Request failed with status code ${response.status}`,
    statusCode: response.ok ? VALIDATION_STATUS : response.status,
    response: { status: response.status, data: isRecord(payload) ? payload : {} },
  });
}

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A typed client of the Printloom API over an injected `fetch` (spec §7). Every answer is read
 * through the response envelope and checked with the same zod schema the server validates with;
 * every failure is thrown as one {@link ApiError} (spec §8). Only the upload retries (3 attempts).
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Called as a plain function: a browser's fetch throws 'Illegal invocation' when called as a
  // method of another object, such as the options.
  const fetchImpl = options.fetch;

  function urlOf(path: string, query?: QueryParams): string {
    return `${baseUrl}${path}${queryString(query)}`;
  }

  /** A pre-signed address may be relative to the API (local blob store) or absolute (S3). */
  function absolute(address: string): string {
    return /^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `${baseUrl}${address}`;
  }

  async function send(method: HttpMethod, path: string, call: CallOptions) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE,
    };
    let body: string | FormData | undefined;
    if (call.form) {
      body = call.form;
    } else if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetchImpl(urlOf(path, call.query), { method, headers, body });
    } catch (error) {
      throw normalizeError(error);
    }
    let payload: unknown;
    try {
      payload = await readPayload(response);
    } catch (error) {
      throw normalizeError(error);
    }
    return { response, payload };
  }

  function fail(error: ApiError): never {
    if (error.statusCode === UNAUTHORIZED) options.onUnauthorized?.(error);
    throw error;
  }

  /** Sends a request and returns the answer's `data`, checked with `data`'s schema. */
  async function call<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    data: S,
    callOptions: CallOptions = {},
  ): Promise<z.output<S>> {
    const { response, payload } = await send(method, path, callOptions);
    if (!response.ok || (isRecord(payload) && payload.success === false)) {
      fail(errorFromAnswer(response, payload));
    }
    // Failures were handled above, so only the success envelope is left to read.
    const parsed = successEnvelope(data).safeParse(payload);
    if (!parsed.success) {
      fail(new ApiError(INVALID_RESPONSE_MESSAGE, BAD_GATEWAY, fieldErrorsOf(parsed.error)));
    }
    return (parsed.data as { data: z.output<S> }).data;
  }

  async function preSignedUrl(
    input: z.input<typeof PreSignedUrlBody>,
    publicUpload = false,
  ): Promise<PreSignedUrlAnswer> {
    const path = publicUpload ? API_PATHS.publicPreSignedUrl : API_PATHS.preSignedUrl;
    return call('POST', path, PreSignedUrlAnswer, {
      body: validated(PreSignedUrlBody, input),
    });
  }

  /**
   * Uploads a file (spec §4 Upload, §7): ask for a pre-signed address, then PUT the bytes with
   * their content type; status 200 is success. Up to 3 attempts, each with a fresh address,
   * then 'Upload file failed'. Returns the stored key (`filePath`) and its `fileUrl`.
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
    let lastStatus = 500;
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt += 1) {
      try {
        const signed = await preSignedUrl(body, input.public ?? false);
        const put = await fetchImpl(absolute(signed.preSignedUrl), {
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
    /** Low-level access for paths without a method: answer `data` checked with `schema`. */
    request: call,

    // auth
    login: async (credentials: z.input<typeof LoginCredentials>) =>
      call('POST', API_PATHS.sellerLogin, LoginAnswer, {
        body: validated(LoginCredentials, credentials),
      }),
    adminLogin: async (credentials: z.input<typeof LoginCredentials>) =>
      call('POST', API_PATHS.adminLogin, LoginAnswer, {
        body: validated(LoginCredentials, credentials),
      }),
    verifyTfa: async (body: z.input<typeof TfaVerifyBody>) =>
      call('POST', API_PATHS.tfaVerify, AccessTokenAnswer, {
        body: validated(TfaVerifyBody, body),
      }),
    logout: async () => call('POST', API_PATHS.logout, DoneAnswer),
    register: async (body: z.input<typeof RegisterBody>) =>
      call('POST', API_PATHS.register, AccessTokenAnswer, {
        body: validated(RegisterBody, body),
      }),
    forgotPassword: async (body: z.input<typeof ForgotPasswordBody>) =>
      call('POST', API_PATHS.forgotPassword, DoneAnswer, {
        body: validated(ForgotPasswordBody, body),
      }),
    resetPassword: async (body: z.input<typeof ResetPasswordBody>) =>
      call('POST', API_PATHS.resetPassword, DoneAnswer, {
        body: validated(ResetPasswordBody, body),
      }),
    verifyEmail: async (body: z.input<typeof VerifyEmailBody>) =>
      call('POST', API_PATHS.verifyEmail, DoneAnswer, { body: validated(VerifyEmailBody, body) }),
    resendVerification: async () => call('POST', API_PATHS.resendVerification, DoneAnswer),
    loginAsSeller: async (body: z.input<typeof LoginAsSellerBody>) =>
      call('POST', API_PATHS.loginAsSeller, AccessTokenAnswer, {
        body: validated(LoginAsSellerBody, body),
      }),
    me: async () => call('GET', API_PATHS.me, User),
    enableTfa: async () => call('POST', API_PATHS.tfaEnable, TfaEnableAnswer),
    confirmTfa: async (body: z.input<typeof TfaCodeBody>) =>
      call('POST', API_PATHS.tfaConfirm, DoneAnswer, { body: validated(TfaCodeBody, body) }),
    disableTfa: async (body: z.input<typeof TfaCodeBody>) =>
      call('POST', API_PATHS.tfaDisable, DoneAnswer, { body: validated(TfaCodeBody, body) }),

    // team
    authorizedAccounts: async () =>
      call('GET', API_PATHS.authorizedAccounts, z.array(AuthorizedAccount)),
    /**
     * Switches to a seller account (spec §4). Never throws for a refused switch: the result
     * carries the message to show and `fta_diff`, which sends the user to the 2FA settings.
     */
    async switchAccount(body: z.input<typeof SwitchAccountBody>): Promise<SwitchAccountResult> {
      const request = validated(SwitchAccountBody, body);
      const { response, payload } = await send('POST', API_PATHS.switchAccount, { body: request });
      const record = isRecord(payload) ? payload : {};
      const custom = SwitchAccountCustomPayload.safeParse(record.customPayload ?? {});
      const fta_diff = custom.success ? custom.data.fta_diff : false;
      const answer = envelope(AccessTokenAnswer).safeParse(payload);
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
      if (error.statusCode === UNAUTHORIZED) options.onUnauthorized?.(error);
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
        const answer = await call('POST', API_PATHS.switchBackAccount, AccessTokenAnswer);
        return { ok: true, access_token: answer.access_token };
      } catch (error) {
        const apiError = normalizeError(error);
        return { ok: false, message: SWITCH_BACK_FAILED_MESSAGE, statusCode: apiError.statusCode };
      }
    },

    // shell data
    notifications: async (query: z.input<typeof NotificationListQuery> = {}) =>
      call('GET', API_PATHS.notifications, NotificationList, {
        query: validated(NotificationListQuery, query),
      }),
    notification: async (id: number) =>
      call('GET', pathWith(API_PATHS.notification, { id }), Notification),
    markAllNotificationsRead: async () =>
      call('PUT', API_PATHS.notificationsMarkAllRead, UpdatedCountAnswer),
    setNotificationsReadStatus: async (body: z.input<typeof NotificationReadStatus>) =>
      call('POST', API_PATHS.notificationsReadStatus, UpdatedCountAnswer, {
        body: validated(NotificationReadStatus, body),
      }),
    /**
     * `POST /seller/survey` (spec §5): the server answers field errors for facebook and phone;
     * the first message of each is what the survey shows.
     */
    submitSurvey: async (body: z.input<typeof SellerSurvey>) =>
      call('POST', API_PATHS.survey, DoneAnswer, { body: validated(SellerSurvey, body) }),
    version: async () => call('GET', API_PATHS.version, VersionAnswer),
    featuredInfo: async () => call('GET', API_PATHS.featuredInfo, FeaturedInfoList),
    balance: async () => call('GET', API_PATHS.balance, BalanceAnswer),
    pbToken: async () => call('GET', API_PATHS.pbToken, PbTokenAnswer),
    /** The visitor's address and country as the API host sees them (plain text, not JSON). */
    trace: async (): Promise<Record<string, string>> => {
      const { response, payload } = await send('GET', API_PATHS.cdnTrace, {});
      if (!response.ok) fail(errorFromAnswer(response, payload));
      return parseTrace(typeof payload === 'string' ? payload : '');
    },
    trackUtm: async (body: z.input<typeof UtmTrackBody>) =>
      call('POST', API_PATHS.utmTrack, UtmTrackAnswer, { body: validated(UtmTrackBody, body) }),
    trackSellerUtm: async (body: z.input<typeof UtmTrackBody>) =>
      call('POST', API_PATHS.sellerUtmTrack, UtmTrackAnswer, {
        body: validated(UtmTrackBody, body),
      }),

    // uploads and images
    preSignedUrl,
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
    upload: async (input: { file: Blob; fileName: string } & z.input<typeof UploadFormFields>) => {
      const fields = validated(UploadFormFields, { type: input.type, id: input.id });
      const form = new FormData();
      form.set('file', input.file, input.fileName);
      if (fields.type !== undefined) form.set('type', fields.type);
      if (fields.id !== undefined) form.set('id', fields.id);
      return call('POST', API_PATHS.upload, UploadAnswer, { form });
    },
    imageUrl: (url: string, size: { w?: number; h?: number } = {}) =>
      imageProxyUrl(`${baseUrl}${API_PATHS.imageProxy}`, url, size),

    // catalog and campaigns
    productTemplates: async (query: z.input<typeof ProductTemplateListQuery> = {}) =>
      call('GET', API_PATHS.productTemplates, paginated(ProductTemplate), {
        query: validated(ProductTemplateListQuery, query),
      }),
    productTemplate: async (id: number) =>
      call('GET', pathWith(API_PATHS.productTemplate, { id }), ProductTemplate),
    mockups: async (templateIds: readonly number[]) =>
      call('GET', API_PATHS.mockups, z.array(MockupTemplate), {
        query: validated(MockupsQuery, { template_ids: templateIds.join(',') }),
      }),
    campaigns: async (query: z.input<typeof CampaignListQuery> = {}) =>
      call('GET', API_PATHS.campaigns, paginated(Campaign), {
        query: validated(CampaignListQuery, query),
      }),
    campaign: async (id: number) => call('GET', pathWith(API_PATHS.campaign, { id }), Campaign),
    createCampaign: async (body: z.input<typeof CampaignCreateBody>) =>
      call('POST', API_PATHS.campaigns, Campaign, { body: validated(CampaignCreateBody, body) }),
    updateCampaign: async (id: number, body: z.input<typeof CampaignUpdateBody>) =>
      call('PUT', pathWith(API_PATHS.campaign, { id }), Campaign, {
        body: validated(CampaignUpdateBody, body),
      }),
    /** The seller's stores, oldest first: the first is the current store (spec §6 base URL). */
    stores: async () => call('GET', API_PATHS.stores, z.array(Store)),
    /** The platform's preview and marketplace domains (spec §3 Site config). */
    siteConfig: async () => call('GET', API_PATHS.siteConfig, SiteConfig),

    // bulk, multi-space
    createBulkJob: async (body: z.input<typeof CreateBulkJobBody>) =>
      call('POST', API_PATHS.bulkV3Jobs, CreateBulkJobAnswer, {
        body: validated(CreateBulkJobBody, body),
      }),
    /** A job and its row counts per status. */
    bulkJob: async (id: number) =>
      call('GET', pathWith(API_PATHS.bulkV3Job, { id }), BulkJobSummary),
    bulkCampaigns: async (query: z.input<typeof BulkMultiSpaceListQuery> = {}) =>
      call('GET', API_PATHS.bulkV3Campaigns, paginated(BulkMultiSpaceRow), {
        query: validated(BulkMultiSpaceListQuery, query),
      }),
    /** Claims up to `take` rows as leases; each row carries the lease token to send back. */
    claimPendingRows: async (query: z.input<typeof PendingBulkQuery> = {}) =>
      call('GET', API_PATHS.bulkV3Pending, z.array(PendingBulkRecord), {
        query: validated(PendingBulkQuery, query),
      }),
    bulkOrigin: async (id: number) =>
      call('GET', pathWith(API_PATHS.bulkV3Origin, { id }), TemplateCampaign),
    saveProcessedRow: async (body: z.input<typeof SaveProcessedRowBody>) =>
      call('POST', API_PATHS.bulkV3SaveProcessedRow, RowResultAnswer, {
        body: validated(SaveProcessedRowBody, body),
      }),
    markRowInvalid: async (body: z.input<typeof MarkRowInvalidBody>) =>
      call('POST', API_PATHS.bulkV3MarkRowInvalid, RowResultAnswer, {
        body: validated(MarkRowInvalidBody, body),
      }),
    retryRow: async (body: z.input<typeof BulkRowIdBody>) =>
      call('POST', API_PATHS.bulkV3Retry, BulkMultiSpaceRow, {
        body: validated(BulkRowIdBody, body),
      }),
    removeRows: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkV3Remove, BulkRemoveAnswer, {
        body: validated(BulkRowIdsBody, body),
      }),
    startRows: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkV3Start, z.array(BulkMultiSpaceRow), {
        body: validated(BulkRowIdsBody, body),
      }),
    stopRows: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkV3Stop, z.array(BulkMultiSpaceRow), {
        body: validated(BulkRowIdsBody, body),
      }),
    startAll: async (body: z.input<typeof BulkAllBody> = {}) =>
      call('POST', API_PATHS.bulkV3StartAll, BulkAllAnswer, { body: validated(BulkAllBody, body) }),
    stopAll: async (body: z.input<typeof BulkAllBody> = {}) =>
      call('POST', API_PATHS.bulkV3StopAll, BulkAllAnswer, { body: validated(BulkAllBody, body) }),

    // bulk, regular
    nextJob: async (query: z.input<typeof NextJobQuery>) =>
      call('GET', API_PATHS.bulkNextJob, NextJobAnswer, { query: validated(NextJobQuery, query) }),
    bulkCreateCampaign: async (body: z.input<typeof BulkCreateCampaignBody>) =>
      call('POST', API_PATHS.bulkCreateCampaign, BulkCreateCampaignAnswer, {
        body: validated(BulkCreateCampaignBody, body),
      }),
    bulkLog: async (body: z.input<typeof BulkLogBody>) =>
      call('POST', API_PATHS.bulkLog, DoneAnswer, { body: validated(BulkLogBody, body) }),
    bulkSaveDesigns: async (body: z.input<typeof BulkSaveDesignsBody>) =>
      call('POST', API_PATHS.bulkSaveDesigns, DoneAnswer, {
        body: validated(BulkSaveDesignsBody, body),
      }),
    /** The regular bulk jobs list (spec §3 bulk list query, without `type`). */
    bulkRegularJobs: async (query: z.input<typeof BulkRegularListQuery> = {}) =>
      call('GET', API_PATHS.bulkJobs, paginated(BulkRegularRow), {
        query: validated(BulkRegularListQuery, query),
      }),
    createBulkRegularJobs: async (body: z.input<typeof CreateBulkRegularJobsBody>) =>
      call('POST', API_PATHS.bulkJobs, CreateBulkRegularJobsAnswer, {
        body: validated(CreateBulkRegularJobsBody, body),
      }),
    retryRegularJob: async (body: z.input<typeof BulkRowIdBody>) =>
      call('POST', API_PATHS.bulkRetry, BulkRegularRow, { body: validated(BulkRowIdBody, body) }),
    removeRegularJobs: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkRemove, BulkRemoveAnswer, {
        body: validated(BulkRowIdsBody, body),
      }),
    startRegularJobs: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkStart, z.array(BulkRegularRow), {
        body: validated(BulkRowIdsBody, body),
      }),
    stopRegularJobs: async (body: z.input<typeof BulkRowIdsBody>) =>
      call('POST', API_PATHS.bulkStop, z.array(BulkRegularRow), {
        body: validated(BulkRowIdsBody, body),
      }),
    startAllRegularJobs: async () => call('POST', API_PATHS.bulkStartAll, BulkAllAnswer),
    stopAllRegularJobs: async () => call('POST', API_PATHS.bulkStopAll, BulkAllAnswer),

    // store-level settings
    klaviyoSettings: async (storeId: number) =>
      call('GET', pathWith(API_PATHS.klaviyoSettings, { storeId }), KlaviyoSettings),
    updateKlaviyoSettings: async (storeId: number, body: z.input<typeof KlaviyoSettingsBody>) =>
      call('PUT', pathWith(API_PATHS.klaviyoSettings, { storeId }), KlaviyoSettings, {
        body: validated(KlaviyoSettingsBody, body),
      }),
    syncKlaviyoProfiles: async (storeId: number) =>
      call('POST', pathWith(API_PATHS.klaviyoSyncProfiles, { storeId }), KlaviyoSyncAnswer),
    subscribers: async (query: z.input<typeof SubscriberListQuery> = {}) =>
      call('GET', API_PATHS.subscribers, paginated(Subscriber), {
        query: validated(SubscriberListQuery, query),
      }),
    addSubscriber: async (body: z.input<typeof SubscriberBody>) =>
      call('POST', API_PATHS.subscribers, Subscriber, { body: validated(SubscriberBody, body) }),
    removeSubscriber: async (id: number) =>
      call('DELETE', pathWith(API_PATHS.subscriber, { id }), DoneAnswer),
    coupons: async (query: z.input<typeof CouponListQuery> = {}) =>
      call('GET', API_PATHS.coupons, z.array(Coupon), {
        query: validated(CouponListQuery, query),
      }),
    configCoupon: async (storeId: number, body: z.input<typeof CouponConfigBody>) =>
      call('PUT', pathWith(API_PATHS.couponConfig, { storeId }), DoneAnswer, {
        body: validated(CouponConfigBody, body),
      }),
    calcExtraPrintCost: async (body: z.input<typeof CalcExtraPrintCostBody>) =>
      call('POST', API_PATHS.calcExtraPrintCost, z.array(ExtraPrintCost), {
        body: validated(CalcExtraPrintCostBody, body),
      }),
    emailSenders: async (query: z.input<typeof EmailSenderListQuery> = {}) =>
      call('GET', API_PATHS.emailSenders, paginated(EmailSender), {
        query: validated(EmailSenderListQuery, query),
      }),
    emailSender: async (id: number) =>
      call('GET', pathWith(API_PATHS.emailSender, { id }), EmailSender),
    createEmailSender: async (body: z.input<typeof EmailSenderBody>) =>
      call('POST', API_PATHS.emailSenders, EmailSender, { body: validated(EmailSenderBody, body) }),
    updateEmailSender: async (id: number, body: z.input<typeof EmailSenderBody>) =>
      call('PATCH', pathWith(API_PATHS.emailSender, { id }), EmailSender, {
        body: validated(EmailSenderBody, body),
      }),
    deleteEmailSender: async (id: number) =>
      call('DELETE', pathWith(API_PATHS.emailSender, { id }), DoneAnswer),
    checkEmailSenderStatus: async (id: number) =>
      call('GET', pathWith(API_PATHS.emailSenderStatus, { id }), EmailSenderStatus),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
