import type { z } from 'zod';
import { mockupUploadTarget } from '../campaign/MockupUploadRecord.js';
import { parseTrace } from '../client/parseTrace.js';
import { normalizeError } from '../errors/normalizeError.js';
import type { FulfillmentImportAnswer } from '../fulfillment/FulfillmentOrder.js';
import type { TransactionExportQuery } from '../ledger/schemas.js';
import type { ClipartUploadAnswer, SellerFont } from '../personalized/library.js';
import { systemClock } from '../time/clock.js';
import { ApiError } from './ApiError.js';
import { SwitchAccountCustomPayload } from './authSchemas.js';
import { BOT_CHECK_HEADER } from './botCheckSchemas.js';
import {
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  INVALID_RESPONSE_MESSAGE,
  SWITCH_ACCOUNT_FAILED_MESSAGE,
  SWITCH_BACK_FAILED_MESSAGE,
  UPLOAD_ATTEMPTS,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_PUT_OK_STATUS,
  UPLOAD_RETRY_BASE_MS,
} from './constants.js';
import { envelope, type FieldErrors, fieldErrorsOf, successEnvelope } from './envelope.js';
import { imageProxyUrl } from './imageProxyUrl.js';
import { API, pathWith } from './routes/API.js';
import type { RouteContract, RouteGroup } from './routes/RouteContract.js';
import {
  type PreSignedUrlAnswer,
  PreSignedUrlBody,
  type UploadAnswer,
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
  /** Waits between upload attempts; the shared timer clock's sleep when left out. */
  sleep?: (ms: number) => Promise<void>;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** What a call of a route takes: its path parameters, query and body, each as the caller writes it. */
export type RouteInput<C> = (C extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: undefined }) &
  (C extends { query: infer Q extends z.ZodType }
    ? object extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : { query?: undefined }) &
  (C extends { body: infer B extends z.ZodType }
    ? undefined extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : { body?: undefined }) & {
    /** A solved bot check, sent as the X-Bot-Check header (the routes that need one say so). */
    botCheck?: string | undefined;
  };

/** The answer's `data` of a route, as its response schema reads it. */
export type RouteOutput<C> = C extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** A call of one route; the input may be left out when nothing in it is required. */
export type RouteCall<C> =
  object extends RouteInput<C>
    ? (input?: RouteInput<C>) => Promise<RouteOutput<C>>
    : (input: RouteInput<C>) => Promise<RouteOutput<C>>;

/** Routes the generic client calls: a JSON body (or none) and a JSON answer. */
type IsPlainJson<C> = C extends { answer: object }
  ? false
  : C extends { bodyKind: 'multipart' | 'raw' }
    ? false
    : true;

/** The calls of one group, named as in the table. */
export type GroupClient<G> = {
  [K in keyof G as IsPlainJson<G[K]> extends true ? K : never]: RouteCall<G[K]>;
};

interface SendOptions {
  query?: QueryParams | undefined;
  body?: unknown;
  form?: FormData | undefined;
  botCheck?: string | undefined;
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
  /** A solved bot check for an anonymous upload (`public` without a session). */
  botCheck?: string;
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

/** How long to wait before upload attempt `attempt` (2, 3, …): growing by half a second, doubled. */
export function uploadRetryDelay(attempt: number): number {
  return UPLOAD_RETRY_BASE_MS * 2 ** (attempt - 2);
}

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

/** Routes the generic client can call; the others have named helpers. */
function isPlainJson(contract: RouteContract): boolean {
  return contract.answer === undefined && (contract.bodyKind ?? 'json') === 'json';
}

/**
 * A typed client of the Printloom API over an injected `fetch` (spec §7), generated from the
 * route table: `api.<group>.<route>({ params, query, body })`. Inputs are checked with the
 * route's schemas before anything is sent; every answer is read through the response envelope
 * and checked with the same schema the server answers with; every failure is thrown as one
 * {@link ApiError} (spec §8). Calls that are not plain JSON have named helpers: `uploadFile`,
 * `uploadMockup` and multipart `upload`, `images.url`, `clientInfo.trace`, and the switch-account
 * pair, which report a refusal instead of throwing. Only the upload retries (3 attempts, with
 * growing waits).
 */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Called as a plain function: a browser's fetch throws 'Illegal invocation' when called as a
  // method of another object, such as the options.
  const fetchImpl = options.fetch;
  const never = new AbortController().signal;
  const sleep = options.sleep ?? ((ms: number) => systemClock.sleep(ms, never));

  /** A pre-signed address may be relative to the API (local blob store) or absolute (S3). */
  function absolute(address: string): string {
    return /^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `${baseUrl}${address}`;
  }

  async function send(method: string, path: string, call: SendOptions) {
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
    if (call.botCheck) headers[BOT_CHECK_HEADER] = call.botCheck;
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}${queryString(call.query)}`, {
        method,
        headers,
        body,
      });
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

  /** The request of a route: path parameters filled, query and body checked with its schemas. */
  function requestOf(
    contract: RouteContract,
    input: { params?: unknown; query?: unknown; body?: unknown; botCheck?: string | undefined },
  ): { path: string; send: SendOptions } {
    const params = contract.params ? validated(contract.params, input.params) : {};
    const path = pathWith(contract.path, params as Record<string, string | number>);
    const query = contract.query
      ? (validated(contract.query, input.query ?? {}) as QueryParams)
      : undefined;
    // A multipart form's fields are checked by its helper, which builds the form.
    const json = (contract.bodyKind ?? 'json') === 'json';
    const body = contract.body && json ? validated(contract.body, input.body) : undefined;
    return { path, send: { query, body: body ?? undefined, botCheck: input.botCheck } };
  }

  /** Sends a request and returns the answer's `data`, checked with the route's response schema. */
  async function call(
    contract: RouteContract,
    input: { params?: unknown; query?: unknown; body?: unknown; botCheck?: string | undefined },
    form?: FormData,
  ): Promise<unknown> {
    const request = requestOf(contract, input);
    const { response, payload } = await send(contract.method, request.path, {
      ...request.send,
      form,
    });
    if (!response.ok || (isRecord(payload) && payload.success === false)) {
      fail(errorFromAnswer(response, payload));
    }
    if (!contract.response) throw new Error(`${contract.path} does not answer JSON`);
    // Failures were handled above, so only the success envelope is left to read.
    const parsed = successEnvelope(contract.response).safeParse(payload);
    if (!parsed.success) {
      fail(new ApiError(INVALID_RESPONSE_MESSAGE, BAD_GATEWAY, fieldErrorsOf(parsed.error)));
    }
    return (parsed.data as { data: unknown }).data;
  }

  function groupClient<G extends RouteGroup>(group: G): GroupClient<G> {
    const calls: Record<string, (input?: object) => Promise<unknown>> = {};
    for (const [name, contract] of Object.entries(group)) {
      if (isPlainJson(contract)) calls[name] = (input = {}) => call(contract, input);
    }
    return calls as GroupClient<G>;
  }

  const uploads = groupClient(API.uploads);

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
    const presign = input.public ? uploads.publicPreSignedUrl : uploads.preSignedUrl;
    let lastStatus = 500;
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await sleep(uploadRetryDelay(attempt));
      try {
        // A solution works once: only the first attempt carries it.
        const signed = await presign({
          body,
          ...(attempt === 1 && input.botCheck ? { botCheck: input.botCheck } : {}),
        });
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
    auth: groupClient(API.auth),
    apiKeys: groupClient(API.apiKeys),
    team: {
      ...groupClient(API.team),
      /**
       * Switches to a seller account (spec §4). Never throws for a refused switch: the result
       * carries the message to show and `fta_diff`, which sends the user to the 2FA settings.
       */
      async switchAccount(
        body: z.input<typeof API.team.switchAccount.body>,
      ): Promise<SwitchAccountResult> {
        const contract = API.team.switchAccount;
        const request = requestOf(contract, { body });
        const { response, payload } = await send(contract.method, request.path, request.send);
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
          const answer = (await call(API.team.switchBackAccount, {})) as { access_token: string };
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
    },
    account: groupClient(API.account),
    shell: groupClient(API.shell),
    clientInfo: {
      /** The visitor's address and country as the API host sees them (plain text, not JSON). */
      async trace(): Promise<Record<string, string>> {
        const { response, payload } = await send('GET', API.clientInfo.trace.path, {});
        if (!response.ok) fail(errorFromAnswer(response, payload));
        return parseTrace(typeof payload === 'string' ? payload : '');
      },
    },
    uploads: {
      ...uploads,
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
        return (await call(API.uploads.upload, {}, form)) as UploadAnswer;
      },
    },
    images: {
      /** The proxy address of an external image fitted in `size` (local addresses stay as they are). */
      url: (url: string, size: { w?: number; h?: number } = {}) =>
        imageProxyUrl(`${baseUrl}${API.images.proxy.path}`, url, size),
    },
    catalog: groupClient(API.catalog),
    campaigns: groupClient(API.campaigns),
    campaignTemplates: groupClient(API.campaignTemplates),
    campaignExpress: groupClient(API.campaignExpress),
    bulkCustomMockup: groupClient(API.bulkCustomMockup),
    campaignImport: groupClient(API.campaignImport),
    stores: groupClient(API.stores),
    collections: groupClient(API.collections),
    promotions: groupClient(API.promotions),
    customMockups: groupClient(API.customMockups),
    pricing: groupClient(API.pricing),
    storeContent: groupClient(API.storeContent),
    featureRequests: groupClient(API.featureRequests),
    overview: groupClient(API.overview),
    bulkV3: groupClient(API.bulkV3),
    bulkRegular: groupClient(API.bulkRegular),
    storeSettings: groupClient(API.storeSettings),
    emailSenders: groupClient(API.emailSenders),
    emailGateways: groupClient(API.emailGateways),
    domains: groupClient(API.domains),
    paymentGateways: groupClient(API.paymentGateways),
    emailCampaigns: groupClient(API.emailCampaigns),
    emailSubscribers: {
      ...groupClient(API.emailSubscribers),
      /** The address of the CSV export (a link the browser downloads with its session cookie). */
      exportCsvUrl: (query: { store_id?: number } = {}) =>
        `${baseUrl}${API.emailSubscribers.exportCsv.path}${queryString(query as QueryParams)}`,
    },
    shopConnections: groupClient(API.shopConnections),
    marketing: groupClient(API.marketing),
    personalized: groupClient(API.personalized),
    personalizedLibrary: {
      ...groupClient(API.personalizedLibrary),
      /** `POST /seller/personalized/fonts` with the font as the multipart `file`. */
      uploadFont: async (file: Blob, fileName: string): Promise<SellerFont> => {
        const form = new FormData();
        form.set('file', file, fileName);
        return (await call(API.personalizedLibrary.uploadFont, {}, form)) as SellerFont;
      },
      /** Adds images to a clipart group: each file a multipart `file` part. */
      uploadCliparts: async (
        groupId: number,
        files: readonly { file: Blob; fileName: string }[],
      ): Promise<ClipartUploadAnswer> => {
        const form = new FormData();
        for (const { file, fileName } of files) form.append('file', file, fileName);
        return (await call(
          API.personalizedLibrary.uploadCliparts,
          { params: { id: groupId } },
          form,
        )) as ClipartUploadAnswer;
      },
    },
    aiDesign: groupClient(API.aiDesign),
    dev: groupClient(API.dev),
    /** The buyer's JSON calls (checkout, pay, order lookup); its pages are read by browsers. */
    storefront: groupClient(API.storefront),
    notificationChannels: groupClient(API.notificationChannels),
    /** The public REST API v1, for integrations on an API key. */
    publicApi: groupClient(API.publicApi),
    orders: {
      ...groupClient(API.orders),
      /**
       * The address of the CSV export with the list's filters (a link the browser downloads
       * with its session cookie; the answer is streamed, not JSON).
       */
      exportCsv: (query: z.input<typeof API.orders.exportCsv.query> = {}) => {
        const checked = validated(API.orders.exportCsv.query, query) as QueryParams;
        const { page: _page, per_page: _perPage, ...filters } = checked;
        return `${baseUrl}${API.orders.exportCsv.path}${queryString(filters)}`;
      },
    },
    adminOrders: groupClient(API.adminOrders),
    senDesign: groupClient(API.senDesign),
    money: {
      ...groupClient(API.money),
      /**
       * The address of the transactions CSV for the list's filters: a download link, read by
       * the browser with the session cookie (spec §9 file name from Content-Disposition).
       */
      exportTransactionsUrl: (query: TransactionExportQuery = {}) =>
        `${baseUrl}${API.money.exportTransactions.path}${queryString(query as QueryParams)}`,
    },
    moneyAdmin: groupClient(API.moneyAdmin),
    productReviews: groupClient(API.productReviews),
    searchKeywords: groupClient(API.searchKeywords),
    referral: groupClient(API.referral),
    calendar: groupClient(API.calendar),
    socialFeeds: groupClient(API.socialFeeds),
    customers: {
      ...groupClient(API.customers),
      /** The address of the customers CSV with the list's filters (a download link). */
      exportCsv: (query: z.input<typeof API.customers.exportCsv.query> = {}) => {
        const checked = validated(API.customers.exportCsv.query, query) as QueryParams;
        const { page: _page, per_page: _perPage, ...filters } = checked;
        return `${baseUrl}${API.customers.exportCsv.path}${queryString(filters)}`;
      },
    },
    abandoned: groupClient(API.abandoned),
    orderCare: groupClient(API.orderCare),
    points: groupClient(API.points),
    fulfillment: {
      ...groupClient(API.fulfillment),
      /** The address of the import template (a download link). */
      template: () => `${baseUrl}${API.fulfillment.template.path}`,
      /** `POST /seller/fulfillment/orders/import` with the CSV as the multipart `file`. */
      importOrders: async (file: Blob, fileName: string): Promise<FulfillmentImportAnswer> => {
        const form = new FormData();
        form.set('file', file, fileName);
        return (await call(API.fulfillment.importOrders, {}, form)) as FulfillmentImportAnswer;
      },
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
