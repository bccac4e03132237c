import { z } from 'zod';

/** Roles a user can hold (spec §3 User.roles, §6). An empty list means a plain seller. */
export const UserRole = z.enum(['designer', 'seller', 'launcher_lite']);
export type UserRole = z.infer<typeof UserRole>;

/** User tags of spec §3; they switch features on and off (§2, §6). */
export const USER_TAGS = [
  'beta',
  'notify',
  'hide-notify-modal',
  'pb',
  'personalized',
  'pricing',
  'email marketing',
  'old bulk campaign',
  'fulfill',
] as const;
export const UserTag = z.enum(USER_TAGS);
export type UserTag = z.infer<typeof UserTag>;

/**
 * Permissions seen in spec §6. The list is open ("others not shown"): a user's
 * `permissions` may hold further names, so the schema accepts any string.
 */
export const KNOWN_PERMISSIONS = [
  'get_payments',
  'update_payments',
  'get_orders',
  'get_campaigns',
  'update_campaign',
  'get_reports',
  'get_users',
  'update_social_feed',
] as const;
export type KnownPermission = (typeof KNOWN_PERMISSIONS)[number];
/**
 * Written where a permission is expected, it says that any member of the account may do it: a
 * seller, a team member with no permission at all, a designer. Declared, never implied, so a
 * forgotten permission cannot pass for an open page or route.
 */
export const ANY_MEMBER = 'any member';
export type AnyMember = typeof ANY_MEMBER;
export const Permission = z.string().min(1);
export type Permission = KnownPermission | (string & {});

/** Account status (spec §3): verified, trusted or any other value. */
export const UserStatus = z.string();
export type UserStatus = z.infer<typeof UserStatus>;

export const AccountBalance = z.object({
  type: z.string(),
  balance: z.number(),
});
export type AccountBalance = z.infer<typeof AccountBalance>;

/** The signed-in user as `GET /me` returns it (spec §3 User). */
export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable().optional(),
  email: z.string(),
  email_verified_at: z.string().nullable().optional(),
  email_need_verify_date: z.string().nullable().optional(),
  created_at: z.string(),
  /**
   * When this account signed in before the current session (ISO 8601); null on its first
   * sign-in, so the dashboard greets a new account differently from a returning one.
   */
  last_login_at: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  facebook: z.string().nullable().optional(),
  roles: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  price_tag: z.string().nullable().optional(),
  sale_volume: z.string().nullable().optional(),
  balance: z.number().default(0),
  account_balance: z.array(AccountBalance).default([]),
  custom_payment: z.boolean().default(false),
  is_ref: z.boolean().default(false),
  ref_id: z.number().int().nullable().optional(),
  nickname: z.string().nullable().optional(),
  campaign_limit: z.number().int().nullable().optional(),
  status: UserStatus.default('new'),
  permissions: z.array(Permission).default([]),
  /** Set when an admin is signed in as this seller: the admin's user id. */
  access_user: z.number().int().nullable().optional(),
  /** Hours from UTC used to show dates (spec §9). */
  utc_offset: z.number().default(0),
  store_ids: z.array(z.number().int()).default([]),
  team_store_ids: z.array(z.number().int()).default([]),
  tfa_enable: z.boolean().default(false),
  tfa_confirm: z.boolean().default(false),
  sms_credit: z.number().default(0),
  crisp_token_id: z.string().nullable().optional(),
  crisp_signature: z.string().nullable().optional(),
});
export type User = z.infer<typeof User>;
/** What callers may pass where a User is read: defaults not yet applied. */
export type UserInput = z.input<typeof User>;
