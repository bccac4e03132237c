import { WEBHOOK_SECRET_PREFIX } from './constants.js';
import { hmacSha256 } from './sha256.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63];
    out += c === undefined ? '=' : ALPHABET[n & 63];
  }
  return out;
}

/** Standard base64 (padding optional); null when the text is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  const clean = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index] = (value >> bits) & 0xff;
      index += 1;
    }
  }
  return out;
}

/** A `whsec_` secret made of the given random bytes (the server draws them). */
export function webhookSecretOf(randomBytes: Uint8Array): string {
  return `${WEBHOOK_SECRET_PREFIX}${toBase64(randomBytes)}`;
}

/** The key a `whsec_` secret stands for, or null when it is not one. */
export function webhookSecretKey(secret: string): Uint8Array | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  const key = fromBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length));
  return key && key.length > 0 ? key : null;
}

export interface WebhookSignatureInput {
  /** The message id, the same on every attempt of one event (`webhook-id`). */
  id: string;
  /** Seconds since the epoch of this attempt (`webhook-timestamp`). */
  timestamp: number;
  /** The exact body sent. */
  body: string;
  /** The channel's `whsec_…` secret. */
  secret: string;
}

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`
 * keyed by the bytes of the secret after `whsec_`.
 */
export function signWebhook(input: WebhookSignatureInput): string {
  const key = webhookSecretKey(input.secret);
  if (!key) throw new Error('A webhook secret starts with whsec_ and holds base64');
  const content = new TextEncoder().encode(`${input.id}.${input.timestamp}.${input.body}`);
  return `v1,${toBase64(hmacSha256(key, content))}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookHeaders(input: WebhookSignatureInput): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signWebhook(input),
  };
}

/**
 * Whether a `webhook-signature` header (space-separated `v1,<sig>` entries) holds the signature
 * of this message, as a receiver checks it.
 */
export function isWebhookSignatureValid(input: WebhookSignatureInput, header: string): boolean {
  const expected = signWebhook(input);
  return header.split(' ').some((entry) => entry === expected);
}
