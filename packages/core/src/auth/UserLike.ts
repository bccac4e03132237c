import type { User } from '../user/User.js';

/**
 * The part of a User the rules read. Every field may be missing, so a rule can take a `GET /me`
 * answer before defaults are applied; missing lists count as empty and missing flags as false.
 */
export type UserLike = Partial<
  Pick<
    User,
    | 'access_user'
    | 'custom_payment'
    | 'is_ref'
    | 'status'
    | 'email_verified_at'
    | 'email_need_verify_date'
    | 'created_at'
    | 'price_tag'
    | 'sale_volume'
    | 'facebook'
    | 'phone'
    | 'utc_offset'
    | 'team_store_ids'
  >
> & {
  roles?: readonly string[] | null | undefined;
  tags?: readonly string[] | null | undefined;
  permissions?: readonly string[] | null | undefined;
};

export function rolesOf(user: UserLike): readonly string[] {
  return user.roles ?? [];
}

export function hasTag(user: UserLike, tag: string): boolean {
  return (user.tags ?? []).includes(tag);
}
