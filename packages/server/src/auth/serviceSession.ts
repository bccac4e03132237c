import type { Db } from '../db/Db.js';
import { hashToken, newToken } from '../http/authContext.js';
import { findLiveSession, insertSession, revokeSession } from '../sql/sessions.js';

/** How long a service session lives at most: a worker that outlives it gets a 401 and a new one. */
export const SERVICE_SESSION_SECONDS = 3600;

export interface ServiceSession {
  /** Bearer token of the seller's session; never leaves the process that opened it. */
  token: string;
  /** Revokes the session (idempotent). */
  close(): Promise<void>;
}

/**
 * A session of one seller for the server's own bulk workers, which call the API over loopback
 * like any worker. There is no HTTP route for this: only code running inside the server
 * process (holding its database) can open one, so the platform's worker credential is the
 * process itself and there is no key to leak or rotate. The session is an ordinary access
 * session of the seller (every query stays scoped to that seller), short-lived, and revoked
 * as soon as the worker moves on.
 */
export async function openServiceSession(
  db: Db,
  sellerId: number,
  ttlSeconds: number = SERVICE_SESSION_SECONDS,
): Promise<ServiceSession> {
  const token = newToken();
  const tokenHash = hashToken(token);
  await insertSession(db, { tokenHash, kind: 'access', userId: sellerId, ttlSeconds });
  const session = await findLiveSession(db, tokenHash, 'access');
  if (!session) throw new Error(`Service session for seller ${sellerId} was not stored`);
  let closed = false;
  return {
    token,
    close: async () => {
      if (closed) return;
      closed = true;
      await revokeSession(db, session.id);
    },
  };
}
