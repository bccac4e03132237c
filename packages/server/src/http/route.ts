import { can, successEnvelope } from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './authContext.js';
import { forbidden, MESSAGES, unauthenticated } from './errors.js';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler returns: the envelope's `data` and optional message and custom payload. */
export interface Answer<T> {
  data: T;
  message?: string;
  customPayload?: Record<string, unknown> | undefined;
}

export interface RouteDef<B, Q, P, R extends Schema, A extends 'none' | 'optional' | 'user'> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** 'user' needs a session (401 without one); default 'user'. */
  auth?: A;
  /** Permission of spec §6 the caller must hold (team accounts hold a list). */
  permission?: string;
  /** Designers may not call it (spec §6: designers do not pull bulk jobs). */
  notForDesigners?: boolean;
  /** Tighter rate limit (auth routes). */
  rateLimit?: { max: number; timeWindow: number };
  handler: (ctx: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    auth: A extends 'user' ? AuthContext : AuthContext | null;
    request: FastifyRequest;
    reply: FastifyReply;
    // Rows typed by the driver carry plain strings where the schema has enums; the answer is
    // checked against `response` at run time by the serializer instead.
  }) => Promise<Answer<unknown>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Registers a route whose request parts and answer are checked with zod schemas, whose answer
 * is wrapped in the success envelope, and whose §6 permission is enforced before the handler.
 */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends 'none' | 'optional' | 'user' = 'user',
>(app: FastifyInstance, def: RouteDef<B, Q, P, R, A>): void {
  const authMode = def.auth ?? 'user';
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      tags: def.tags ?? [],
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: successEnvelope(def.response) },
    },
    ...(def.rateLimit ? { config: { rateLimit: def.rateLimit } } : {}),
    handler: async (request, reply) => {
      const auth = request.auth;
      if (authMode === 'user') {
        if (!auth) throw unauthenticated();
        if (
          def.permission &&
          !can({ roles: auth.roles, permissions: auth.permissions }, def.permission)
        ) {
          throw forbidden();
        }
        if (def.notForDesigners && auth.roles.includes('designer')) throw forbidden();
      }
      const answer = await def.handler({
        body: request.body as Out<B>,
        query: request.query as Out<Q>,
        params: request.params as Out<P>,
        auth: auth as A extends 'user' ? AuthContext : AuthContext | null,
        request,
        reply,
      });
      return {
        success: true,
        data: answer.data,
        ...(answer.message !== undefined ? { message: answer.message } : {}),
        ...(answer.customPayload ? { customPayload: answer.customPayload } : {}),
      };
    },
  });
}

export { MESSAGES };
