/**
 * API keys (`/seller/api-keys`): long-lived credentials for automation. A key is shown once, at
 * creation; only its SHA-256 is stored (it is 32 random bytes, so a fast hash is enough) with
 * its first characters in clear to tell keys apart. http/authContext.ts accepts a key wherever
 * a bearer token is accepted; it acts as its seller with only its scopes. Keys are scoped to
 * the seller: another seller's key id is simply not found.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEYS_PER_SELLER_MAX,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { allows, hashToken } from '../http/authContext.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  type ApiKeyRow,
  countApiKeys,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
} from '../sql/apiKeys.js';

/** A new key: the recognisable prefix, then 32 random bytes. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const view = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export async function registerApiKeyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.apiKeys, {
    list: async ({ auth }) => ({ data: (await listApiKeys(db, auth.sellerId)).map(view) }),
    create: async ({ auth, body }) => {
      // A team member cannot hand a key more than they may do themselves.
      const missing = body.scopes.filter((scope) => !allows(auth, scope));
      if (missing.length > 0) {
        throw forbidden(`${API_KEY_MESSAGES.scopeNotHeld} (${missing.join(', ')})`);
      }
      if ((await countApiKeys(db, auth.sellerId)) >= API_KEYS_PER_SELLER_MAX) {
        throw unprocessable(API_KEY_MESSAGES.tooMany);
      }
      const key = newApiKey();
      const row = await insertApiKey(db, {
        sellerId: auth.sellerId,
        createdBy: auth.actorId,
        name: body.name,
        prefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH),
        tokenHash: hashToken(key),
        scopes: body.scopes,
      });
      return { data: { ...view(row), key }, message: API_KEY_MESSAGES.created };
    },
    revoke: async ({ auth, params }) => {
      if (!(await revokeApiKey(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: API_KEY_MESSAGES.revoked };
    },
  });
}
