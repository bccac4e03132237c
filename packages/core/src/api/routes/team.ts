import { z } from 'zod';
import { AuditLogList, AuditLogQuery } from '../../account/auditLog.js';
import {
  AcceptInvitationAnswer,
  AcceptInvitationBody,
  TeamInvitation,
  TeamInvitationBody,
  TeamMember,
  TeamMemberUpdateBody,
} from '../../account/team.js';
import {
  AccessTokenAnswer,
  AuthorizedAccountList,
  DoneAnswer,
  SwitchAccountBody,
} from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['team'] as const;

/** Acting for another seller as an authorized (team) account (spec §4 Switch account). */
export const team = {
  authorizedAccounts: route({
    method: 'GET',
    path: '/seller/authorized-accounts',
    summary: 'Seller accounts the signed-in person may act for',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: AuthorizedAccountList,
  }),
  switchAccount: route({
    method: 'POST',
    path: '/seller/switch-account',
    summary: 'Act for another seller (authorized account)',
    description: 'A refusal carries `customPayload.fta_diff` when the two accounts differ in 2FA.',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: SwitchAccountBody,
    response: AccessTokenAnswer,
    errors: [403, 404],
  }),
  switchBackAccount: route({
    method: 'POST',
    path: '/seller/switch-back-account',
    summary: 'Return to the own account',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: AccessTokenAnswer,
    errors: [422],
  }),

  // The seller's team (issue 15, spec §6 authorized accounts). Reading needs get_users (the Team
  // menu's permission); changing the team is for the account owner (or an admin signed in as
  // it), never a team member: a member could otherwise hand themselves more permissions.
  members: route({
    method: 'GET',
    path: '/seller/team',
    summary: 'The team members acting for this seller, with their permissions and store limits',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    response: z.array(TeamMember),
  }),
  invite: route({
    method: 'POST',
    path: '/seller/team/invitations',
    summary: 'Invite a person by email; the mail links to the accept page and expires in 7 days',
    description:
      'A newer invitation to the same address replaces the pending one. Store ids must belong to the seller.',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    body: TeamInvitationBody,
    response: TeamInvitation,
    errors: [403, 409, 422],
  }),
  invitations: route({
    method: 'GET',
    path: '/seller/team/invitations',
    summary: 'Invitations neither accepted nor revoked, newest first (expired ones flagged)',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    response: z.array(TeamInvitation),
  }),
  resendInvitation: route({
    method: 'POST',
    path: '/seller/team/invitations/:id/resend',
    summary: 'Send the invitation again with a new link and a new expiry (the old link ends)',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    params: IdParams,
    response: TeamInvitation,
    errors: [403, 404],
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/seller/team/invitations/:id',
    summary: 'Revoke a pending invitation: its link stops working',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  updateMember: route({
    method: 'PUT',
    path: '/seller/team/:id',
    summary: "Replace a member's permissions and store limits (effective on their next request)",
    tags,
    permission: 'get_users',
    sessionOnly: true,
    params: IdParams,
    body: TeamMemberUpdateBody,
    response: TeamMember,
    errors: [403, 404, 422],
  }),
  removeMember: route({
    method: 'DELETE',
    path: '/seller/team/:id',
    summary: 'Remove a member: their sessions acting for this seller end at once (401)',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  // Reading who did what for the seller needs get_users, as reading the team does: whoever may
  // see the members may see what they did. It changes nothing, so it is not owner-only.
  auditLog: route({
    method: 'GET',
    path: '/seller/team/audit-log',
    summary:
      'Who acted for this seller (owner, team members, support), what and when, newest first',
    description:
      'Filters: `actor_id` (one person) and `time` (a preset, or `custom` with `from`/`to` days counted in the seller’s utc_offset).',
    tags,
    permission: 'get_users',
    sessionOnly: true,
    query: AuditLogQuery,
    response: AuditLogList,
    errors: [400],
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/auth/accept-invitation',
    summary: 'Accept an invitation: links the account of the invited address, or creates it',
    description:
      'Without an account for the address, `name` and `password` are required (422 otherwise). The seller then appears in the Switch Account list.',
    tags,
    auth: 'none',
    body: AcceptInvitationBody,
    response: AcceptInvitationAnswer,
    rateLimit: 'auth',
    errors: [422],
  }),
} as const;
