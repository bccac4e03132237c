import {
  ANY_MEMBER,
  API_KEY_MESSAGES,
  FEATURE_OFF_MESSAGE,
  groupPrefix,
  type RouteContract,
  type RouteGroup,
  successEnvelope,
} from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { uploadRefsCheck } from '../blob/uploadRefsCheck.js';
import { type AuthContext, allows } from './authContext.js';
import { forbidden, unauthenticated } from './errors.js';
import { rateLimitOf } from './rateLimits.js';
import { refuseNulText } from './refuseNulText.js';

/** What a JSON handler returns: the envelope's `data` and optional message and custom payload. */
export interface Answer<T> {
  data: T;
  message?: string | undefined;
  customPayload?: Record<string, unknown> | undefined;
}

type PartOf<C, K extends 'body' | 'query' | 'params'> = C extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** A JSON body is checked before the handler; a multipart or raw body is the handler's to read. */
type BodyOf<C> = C extends { bodyKind: 'multipart' | 'raw' } ? unknown : PartOf<C, 'body'>;
type AuthOf<C> = C extends { auth: 'none' | 'optional' } ? AuthContext | null : AuthContext;

/** What a handler gets: the checked request parts, typed by its contract, and the session. */
export interface RouteContext<C> {
  body: BodyOf<C>;
  query: PartOf<C, 'query'>;
  params: PartOf<C, 'params'>;
  auth: AuthOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON route's handler returns the envelope's data (checked against `response` when sent;
 * rows typed by the driver carry plain strings where the schema has enums); a text or bytes
 * route sends its own answer through `reply`.
 */
export type RouteHandler<C> = C extends { answer: object }
  ? (ctx: RouteContext<C>) => Promise<unknown>
  : (ctx: RouteContext<C>) => Promise<Answer<unknown>>;

/** One handler per route of a group: a missing or extra name does not compile. */
export type GroupHandlers<G> = { [K in keyof G]: RouteHandler<G[K]> };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The table entry a route was registered from. */
    contract?: RouteContract;
  }
}

/**
 * The session a route admits, by its contract (spec §6): none needed; optional (a session
 * without the route's permission counts as none); or a member's, who must hold the permission
 * (unless any member may call), carry one of the route's tags, and not be a designer where
 * designers are kept out. Refusals are 401 and 403.
 */
export function admit(contract: RouteContract, auth: AuthContext | null): AuthContext | null {
  if (contract.auth === 'none') return auth;
  if (contract.auth === 'optional') {
    if (!auth || !contract.permission) return auth;
    return allows(auth, contract.permission) ? auth : null;
  }
  if (!auth) throw unauthenticated();
  if (contract.sessionOnly && auth.apiKey !== null) throw forbidden(API_KEY_MESSAGES.notByKey);
  if (contract.permission !== ANY_MEMBER && !allows(auth, contract.permission)) throw forbidden();
  if (contract.notForDesigners && auth.roles.includes('designer')) throw forbidden();
  if (contract.tag && !contract.tag.some((tag) => auth.seller.tags.includes(tag))) {
    throw forbidden(contract.tagMessage ?? FEATURE_OFF_MESSAGE);
  }
  return auth;
}

function routeOptions(
  app: FastifyInstance,
  contract: RouteContract,
  handler: (ctx: RouteContext<RouteContract>) => Promise<unknown>,
  url: string,
  preHandler: ((request: FastifyRequest) => Promise<void>) | undefined,
): RouteOptions {
  const json = contract.answer === undefined;
  const rateLimit = contract.rateLimit ? rateLimitOf(app.config, contract.rateLimit) : null;
  const jsonBody = (contract.bodyKind ?? 'json') === 'json';
  return {
    method: contract.method,
    url,
    schema: {
      ...(contract.body && jsonBody ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.response ? { response: { 200: successEnvelope(contract.response) } } : {}),
    },
    config: {
      contract,
      ...(rateLimit ? { rateLimit } : {}),
    },
    preValidation: refuseNulText,
    ...(preHandler ? { preHandler } : {}),
    // The gates run before the body is read or checked: a caller who may not use the route
    // learns nothing about its input.
    ...(contract.auth === 'none'
      ? {}
      : {
          onRequest: async (request: FastifyRequest) => {
            request.auth = admit(contract, request.auth);
          },
        }),
    handler: async (request, reply) => {
      const ctx = {
        body: request.body,
        query: request.query,
        params: request.params,
        auth: request.auth,
        request,
        reply,
      } as RouteContext<RouteContract>;
      if (!json) return handler(ctx);
      const answer = (await handler(ctx)) as Answer<unknown>;
      return {
        success: true,
        data: answer.data,
        ...(answer.message !== undefined ? { message: answer.message } : {}),
        ...(answer.customPayload ? { customPayload: answer.customPayload } : {}),
      };
    },
  };
}

/**
 * Registers a handler for every route of a group of the route table, as one encapsulated
 * plugin under the path prefix all its routes share (`groupPrefix`), so a hook added to the
 * group applies to it alone. Request parts are checked with the contract's schemas, JSON answers
 * are wrapped in the success envelope and checked against `response`, and the access gates of
 * the contract run first. A route whose body may name uploaded files (`uploadRefs`) has them
 * checked in the bucket before its handler. A raw-body route gets its own scope whose only
 * parser hands the handler the bytes, up to the upload size limit.
 */
export function registerGroup<G extends RouteGroup>(
  app: FastifyInstance,
  group: G,
  handlers: GroupHandlers<G>,
): void {
  const prefix = groupPrefix(group);
  app.register(
    async (scope) => {
      const checkUploadRefs = uploadRefsCheck(scope);
      for (const [name, contract] of Object.entries(group)) {
        const handler = handlers[name as keyof G] as (
          ctx: RouteContext<RouteContract>,
        ) => Promise<unknown>;
        const options = routeOptions(
          scope,
          contract,
          handler,
          contract.path.slice(prefix.length),
          contract.uploadRefs ? checkUploadRefs : undefined,
        );
        if (contract.bodyKind === 'raw') {
          // Raw bodies are uploaded files: the upload size limit applies, not the JSON one.
          const bodyLimit = scope.config.uploadMaxBytes;
          scope.register(async (raw) => {
            raw.removeAllContentTypeParsers();
            raw.addContentTypeParser(
              '*',
              { parseAs: 'buffer', bodyLimit },
              (_request, body, done) => done(null, body),
            );
            raw.route({ ...options, bodyLimit });
          });
        } else {
          scope.route(options);
        }
      }
    },
    { prefix },
  );
}
