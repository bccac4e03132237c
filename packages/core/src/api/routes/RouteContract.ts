import type { z } from 'zod';
import { ANY_MEMBER, type AnyMember, type KnownPermission, type UserTag } from '../../user/User.js';

// A route any member of the account may call says so with ANY_MEMBER (declared, never implied:
// a route without a permission does not compile). One constant for pages and routes alike.
export { ANY_MEMBER, type AnyMember };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `none` needs no session; `optional` reads a session when one is sent (one
 * lacking the route's permission counts as no session); `user` answers 401 without one.
 */
export type RouteAuth = 'none' | 'optional' | 'user';

/**
 * Named request allowances; the server sets the numbers (auth forms, tracking pings, image
 * decodes). `login`: one allowance per address shared by every login route (seller, admin,
 * two-factor), plus a growing delay per account. `apiKey`: the public REST API (`/api/v1`), one
 * allowance per API key (per session when called signed in).
 */
export type RateLimitClass = 'auth' | 'login' | 'tracking' | 'images' | 'apiKey';

/**
 * How the request body travels: a JSON document checked with `body` (the default), a
 * multipart form whose text fields `body` describes beside its `file` part, or raw bytes.
 */
export type BodyKind = 'json' | 'multipart' | 'raw';

/** Statuses a handler may answer besides success, each with the error envelope. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

interface ContractBase {
  method: HttpMethod;
  /** Fastify style: `:name` parameters, `*` for the rest of the path. */
  path: string;
  summary: string;
  description?: string;
  /** Documentation groups. */
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  /** Statuses the handler itself answers; the ones the checks add are derived. */
  errors?: readonly ErrorStatus[];
  rateLimit?: RateLimitClass;
  /** The body may name uploaded files (checked against the bucket before the handler). */
  uploadRefs?: boolean;
  /**
   * A GET that changes state (a worker's claim): called with the session cookie it needs the
   * CSRF header like any POST, so a cross-site link cannot trigger it; a bearer token needs none.
   */
  changesState?: boolean;
}

/** An answer in the JSON envelope: `data` checked with `response`. */
interface JsonAnswer {
  answer?: undefined;
  response: z.ZodType;
}

/** An answer that is not the envelope: plain text or bytes of one content type. */
interface RawAnswer {
  answer: { kind: 'text' | 'binary'; contentType: string };
  response?: undefined;
}

/** A route for signed-in members: spec §6 gates, all checked before the body is read. */
interface MemberAccess {
  auth?: 'user';
  permission: KnownPermission | AnyMember;
  /** User tags of which the seller must carry one (spec §6 menu gating), e.g. `email marketing`. */
  tag?: readonly UserTag[];
  /** What a seller without the tag is told. */
  tagMessage?: string;
  /** Designers may not call it (spec §6: designers do not pull bulk jobs). */
  notForDesigners?: boolean;
  /**
   * Only a signed-in person may call it, never an API key: account and session management
   * (two-factor, switching accounts, the keys themselves), so a leaked key cannot widen itself.
   */
  sessionOnly?: boolean;
}

interface PublicAccess {
  auth: 'none';
  permission?: undefined;
}

interface OptionalAccess {
  auth: 'optional';
  /** A session lacking it is treated as no session. */
  permission?: KnownPermission;
}

/** One HTTP route: everything the server, the client and the documentation need to know. */
export type RouteContract = ContractBase &
  (JsonAnswer | RawAnswer) &
  (MemberAccess | PublicAccess | OptionalAccess);

/** A resource's routes by name: `API.campaigns.list`, `API.campaigns.get`, … */
export type RouteGroup = Readonly<Record<string, RouteContract>>;

/** Declares a route; returns it unchanged with its literal types kept for inference. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The permission a route needs from a signed-in member, or ANY_MEMBER / null (no session). */
export function permissionOf(contract: RouteContract): KnownPermission | AnyMember | null {
  if (contract.auth === 'none' || contract.auth === 'optional') return contract.permission ?? null;
  return contract.permission;
}

/** Whether the answer is the JSON envelope (most routes) rather than text or bytes. */
export function answersJson(contract: RouteContract): boolean {
  return contract.answer === undefined;
}
