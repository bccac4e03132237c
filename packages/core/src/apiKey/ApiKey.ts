import { z } from 'zod';
import { KNOWN_PERMISSIONS } from '../user/User.js';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH, API_KEY_PREFIX } from './constants.js';

/** What a key may do: permission names of spec §6; the key acts as the seller with only these. */
export const ApiKeyScope = z.enum(KNOWN_PERMISSIONS);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const ApiKeyCreateBody = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH),
  // Repeats are dropped: a scope is held or not.
  scopes: z.array(ApiKeyScope).overwrite((scopes) => [...new Set(scopes)]),
});
export type ApiKeyCreateBody = z.infer<typeof ApiKeyCreateBody>;

/** A key as the list shows it: never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only time the key is sent. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** Whether a bearer token is an API key (by its prefix) rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
