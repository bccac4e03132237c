import type { UserLike } from './UserLike.js';

/**
 * Whether the signed-in team member was limited to some of the account's stores (`/me`'s
 * `team_store_ids`; empty means every store, which is why a limit never lists no store). Such a
 * member works only on those stores — the store lists already hold no other — and cannot add a
 * store, which would fall outside the limit.
 */
export function isStoreLimited(user: UserLike): boolean {
  return (user.team_store_ids?.length ?? 0) > 0;
}
