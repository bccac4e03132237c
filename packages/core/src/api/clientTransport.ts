import type { z } from 'zod';
import { normalizeError } from '../errors/normalizeError.js';
import { systemClock } from '../time/clock.js';
import { ApiError } from './ApiError.js';
import { BOT_CHECK_HEADER } from './botCheckSchemas.js';
import {
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  INVALID_RESPONSE_MESSAGE,
  UPLOAD_RETRY_BASE_MS,
} from './constants.js';
import { type FieldErrors, fieldErrorsOf, successEnvelope } from './envelope.js';
import { pathWith } from './routes/pathWith.js';
import type { RouteContract, RouteGroup } from './routes/RouteContract.js';

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

export interface SendOptions {
  query?: QueryParams | undefined;
  body?: unknown;
  form?: FormData | undefined;
  botCheck?: string | undefined;
}

export const UNAUTHORIZED = 401;
const VALIDATION_STATUS = 400;
const BAD_GATEWAY = 502;

/** How long to wait before upload attempt `attempt` (2, 3, …): growing by half a second, doubled. */
export function uploadRetryDelay(attempt: number): number {
  return UPLOAD_RETRY_BASE_MS * 2 ** (attempt - 2);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
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
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
export function errorFromAnswer(response: Response, payload: unknown): ApiError {
  return normalizeError({
    message: `Request failed with status code ${response.status}`,
    statusCode: response.ok ? VALIDATION_STATUS : response.status,
    response: { status: response.status, data: isRecord(payload) ? payload : {} },
  });
}

export function queryString(query: QueryParams | undefined): string {
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
export function isPlainJson(contract: RouteContract): boolean {
  return contract.answer === undefined && (contract.bodyKind ?? 'json') === 'json';
}

/**
 * What every client call goes through: the request built from a route's contract (inputs checked
 * with its schemas), the CSRF and bot-check headers and the session token, the answer read through
 * the response envelope, and 401s reported before they are thrown. The eager client
 * (`createApiClient`) and the per-group lazy one (`createLazyApiClient`) share it.
 */
export function createTransport(options: ApiClientOptions) {
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

  return { baseUrl, fetchImpl, sleep, absolute, send, fail, requestOf, call, groupClient, options };
}

export type Transport = ReturnType<typeof createTransport>;
