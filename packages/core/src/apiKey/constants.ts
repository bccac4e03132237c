/**
 * API keys: long-lived credentials for automation (CI, scripts, worker fleets). A key is
 * `plk_` followed by 43 base64url characters (32 random bytes); the prefix lets a leaked key be
 * recognised by secret scanners and tells the server to look it up as a key, not a session.
 */
export const API_KEY_PREFIX = 'plk_';

/** Characters of a key kept in clear to tell keys apart in the list (`plk_` + 8). */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 12;

/** A key's last use is written at most this often, so busy keys do not write on every call. */
export const API_KEY_LAST_USED_INTERVAL_SECONDS = 60;

export const API_KEY_NAME_MAX_LENGTH = 100;

/** Keys a seller may hold at once: enough for every machine, few enough to review. */
export const API_KEYS_PER_SELLER_MAX = 50;

export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
  nameRequired: 'Give the key a name.',
  tooMany: `You can hold at most ${API_KEYS_PER_SELLER_MAX} API keys: revoke one first.`,
  notByKey: 'API keys cannot manage API keys: sign in to the dashboard.',
  scopeNotHeld: 'A key cannot have a permission you do not have.',
} as const;
