/**
 * Store limits of a session (spec §6): "Users with access_user and store ids are limited to
 * stores in their own list, intersected with the stores requested." An admin signs in as a
 * seller for some of the seller's stores (`POST /auth/login-as-seller { store_ids }`); the
 * session then sees only those stores — in `/me`'s `store_ids`, the store list, and every
 * store-level route — and a request for another of the seller's stores is refused with 403.
 * A team member whose grant lists stores (`PUT /seller/team/{id} { store_ids }`) is limited the
 * same way, from their next request on. Sessions without a list (the seller, a member for every
 * store, an admin signed in for every store) are not limited beyond the tenant.
 */
import type { Queryable } from '../db/Db.js';
import { getSellerStore } from '../sql/stores.js';
import type { AuthContext } from './authContext.js';
import { forbidden, notFound } from './errors.js';

export const STORE_SCOPE_MESSAGE = 'You can only act on the stores you were signed in for.';

/** Whether the session may act on that store of its seller. */
export function canUseStore(auth: Pick<AuthContext, 'storeIds'>, storeId: number): boolean {
  return auth.storeIds === null || auth.storeIds.includes(storeId);
}

/**
 * The stores a request may cover: the session's list intersected with the stores requested
 * (all of the session's when none are requested); null when neither limits anything.
 */
export function storesInScope(
  auth: Pick<AuthContext, 'storeIds'>,
  requested?: readonly number[],
): number[] | null {
  if (auth.storeIds === null) return requested ? [...requested] : null;
  if (!requested) return [...auth.storeIds];
  return requested.filter((id) => auth.storeIds?.includes(id));
}

/** Keeps the rows of stores the session may see. */
export function withinScope<T>(
  auth: Pick<AuthContext, 'storeIds'>,
  rows: readonly T[],
  storeOf: (row: T) => number | null,
): T[] {
  if (auth.storeIds === null) return [...rows];
  return rows.filter((row) => {
    const id = storeOf(row);
    return id === null || canUseStore(auth, id);
  });
}

/**
 * A store of the calling seller that the session may use: another seller's store (or none) is
 * 404 as everywhere; one of the seller's own stores outside the session's list is 403.
 */
export async function ownStore(
  db: Queryable,
  auth: Pick<AuthContext, 'sellerId' | 'storeIds'>,
  storeId: number,
): Promise<{ id: number; base_url: string | null }> {
  const store = await getSellerStore(db, auth.sellerId, storeId);
  if (!store) throw notFound();
  if (!canUseStore(auth, store.id)) throw forbidden(STORE_SCOPE_MESSAGE);
  return store;
}
