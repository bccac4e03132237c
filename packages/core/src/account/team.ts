import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../api/authSchemas.js';
import { KNOWN_PERMISSIONS, UserRole } from '../user/User.js';

/** How long an invitation link stays valid (7 days). */
export const TEAM_INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const TEAM_ROLE_MAX_LENGTH = 50;
/** Stores one member may be limited to. */
export const TEAM_STORE_LIMIT_MAX = 200;

export const TEAM_MESSAGES = {
  ownerOnly: 'Only the account owner can change its team.',
  selfInvite: 'You cannot invite yourself.',
  alreadyMember: 'This person is already a member of your team.',
  foreignStore: 'Some of these stores do not belong to this account.',
  invitationInvalid: 'The invitation link is invalid or has expired.',
  invitationSent: 'The invitation has been sent.',
  accountNeeded: 'Choose a name and a password to create your account.',
  accepted: 'You have joined the team. Sign in and use Switch Account to act for it.',
  removed: 'The member has been removed; their access ended at once.',
  noStoreChosen: 'Choose at least one store, or give access to every store.',
} as const;

/** A permission a member can be given: the known ones (spec §6). */
export const TeamPermission = z.enum(KNOWN_PERMISSIONS);
export type TeamPermission = z.infer<typeof TeamPermission>;

// A limit lists at least one store: `/me`'s team_store_ids is empty for "every store" (spec §3),
// so a limit to no store could not be told apart from no limit.
const storeIds = z
  .array(z.number().int().positive())
  .min(1, TEAM_MESSAGES.noStoreChosen)
  .max(TEAM_STORE_LIMIT_MAX)
  .nullable()
  .describe('Stores the member is limited to (at least one); null or absent for every store');

/** A person acting for the seller through an authorized account. */
export const TeamMember = z.object({
  id: z.number().int().positive(),
  member_id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.string(),
  permissions: z.array(z.string()),
  store_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** `POST /seller/team/invitations`. */
export const TeamInvitationBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email')),
  // The role name is shown to the member; an account role's name would change what the
  // member may do (a "seller" role may do everything), so those names are refused.
  role: z
    .string()
    .trim()
    .min(1, 'Give the role a name')
    .max(TEAM_ROLE_MAX_LENGTH)
    .refine((role) => !(UserRole.options as readonly string[]).includes(role.toLowerCase()), {
      message: 'Choose another role name: this one is reserved for account types',
    }),
  permissions: z.array(TeamPermission).max(KNOWN_PERMISSIONS.length),
  store_ids: storeIds.optional(),
});
export type TeamInvitationBody = z.infer<typeof TeamInvitationBody>;
export type TeamInvitationBodyInput = z.input<typeof TeamInvitationBody>;

/** `PUT /seller/team/{id}`. */
export const TeamMemberUpdateBody = z.object({
  permissions: z.array(TeamPermission).max(KNOWN_PERMISSIONS.length),
  store_ids: storeIds,
});
export type TeamMemberUpdateBody = z.infer<typeof TeamMemberUpdateBody>;

/** A pending invitation: not yet accepted nor revoked (an expired one shows as expired). */
export const TeamInvitation = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  store_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** `POST /auth/accept-invitation`: name and password only when the address has no account yet. */
export const AcceptInvitationBody = z.object({
  token: z.string().min(1, 'The link is invalid'),
  name: z.string().trim().min(1).max(120).optional(),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256)
    .optional(),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const AcceptInvitationAnswer = z.object({
  seller_id: z.number().int().positive(),
  seller_name: z.string(),
  email: z.string(),
  account_created: z.boolean(),
});
export type AcceptInvitationAnswer = z.infer<typeof AcceptInvitationAnswer>;
