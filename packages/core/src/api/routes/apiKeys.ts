import { z } from 'zod';
import { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '../../apiKey/ApiKey.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['api keys'] as const;

/**
 * Long-lived credentials for automation. Any member may manage the seller's keys, but only
 * with a session (a key cannot mint or revoke keys) and only for permissions they hold.
 */
export const apiKeys = {
  list: route({
    method: 'GET',
    path: '/seller/api-keys',
    summary: "The seller's API keys, newest first (never the keys themselves)",
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: z.array(ApiKey),
    errors: [403],
  }),
  create: route({
    method: 'POST',
    path: '/seller/api-keys',
    summary: 'Create an API key; the answer is the only time the key is shown',
    description:
      'Use the key as `Authorization: Bearer <key>`; it acts as the seller with only its scopes.',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: ApiKeyCreateBody,
    response: ApiKeyCreated,
    errors: [403, 422],
  }),
  revoke: route({
    method: 'DELETE',
    path: '/seller/api-keys/:id',
    summary: 'Revoke an API key at once',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
} as const;
