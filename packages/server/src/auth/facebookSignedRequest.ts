/**
 * Facebook's `signed_request` (Data Deletion Request Callback, deauthorize callback): two
 * base64url parts joined by a dot, `<signature>.<payload>`. The signature is the raw
 * HMAC-SHA256 of the encoded payload (the text after the dot) keyed with the app secret; the
 * payload is JSON with `algorithm: "HMAC-SHA256"`, `issued_at` and the app-scoped `user_id`, the
 * same id the Graph API's `/me` answered at sign-in (our `user_identities.subject`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FacebookSignedRequest {
  userId: string;
  issuedAt: number | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The payload when the signature matches `appSecret`, else null (never throws). */
export function verifyFacebookSignedRequest(
  signedRequest: string,
  appSecret: string,
): FacebookSignedRequest | null {
  const dot = signedRequest.indexOf('.');
  if (dot <= 0 || dot === signedRequest.length - 1) return null;
  const encodedSignature = signedRequest.slice(0, dot);
  const encodedPayload = signedRequest.slice(dot + 1);
  if (!BASE64URL.test(encodedSignature) || !BASE64URL.test(encodedPayload)) return null;
  const signature = Buffer.from(encodedSignature, 'base64url');
  const expected = createHmac('sha256', appSecret).update(encodedPayload).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { algorithm, user_id: userId, issued_at: issuedAt } = payload as Record<string, unknown>;
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  const id = typeof userId === 'number' ? String(userId) : userId;
  if (typeof id !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(id)) return null;
  return { userId: id, issuedAt: typeof issuedAt === 'number' ? issuedAt : null };
}
