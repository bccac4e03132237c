/**
 * The seller's team (issue 15, spec §6 authorized accounts) and switching between accounts
 * (spec §4). A member acts for the seller through an authorized account holding a role name,
 * permissions and optionally a store limit; the grant is re-read on every request
 * (http/authContext.ts), so a narrowed grant applies at the member's next request and a removed
 * one answers 401. Reading the team needs get_users; changing it is for the account owner (or an
 * admin signed in as the seller), never a member, who could otherwise widen their own grant.
 * Every change is audited with the real actor and the seller acted for.
 */
import { hash } from '@node-rs/argon2';
import {
  API,
  type AuditLogEntry,
  type DateRangeName,
  dateRange,
  PAGES,
  pageInfo,
  SWITCH_ACCOUNT_FAILED_MESSAGE,
  TEAM_INVITATION_TTL_SECONDS,
  TEAM_MESSAGES,
  type TeamInvitation,
  type TeamMember,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { sendMail } from '../auth/mailer.js';
import type { Queryable } from '../db/Db.js';
import { type AuthContext, hashToken, newToken, sessionIdOf } from '../http/authContext.js';
import { conflict, forbidden, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { type AuditRow, listAuditLog } from '../sql/auditLog.js';
import {
  grantOf,
  grantsOfMember,
  insertAudit,
  insertGrant,
  revokeSession,
} from '../sql/sessions.js';
import { sellerStoreIds } from '../sql/stores.js';
import {
  deleteMember,
  findLiveInvitation,
  getMember,
  type InvitationRow,
  insertInvitation,
  listInvitations,
  listMembers,
  type MemberRow,
  markInvitationAccepted,
  memberByEmail,
  renewInvitation,
  revokeInvitation,
  updateMember,
} from '../sql/team.js';
import { getUserByEmail, getUserById, insertUser, markEmailVerified } from '../sql/users.js';
import { AUTH_MESSAGES, checkNewPassword, issueSession } from './auth.js';

const ids = (list: Array<number | string> | null): number[] | null =>
  list === null ? null : list.map(Number);

const memberView = (row: MemberRow): TeamMember => ({
  id: Number(row.id),
  member_id: Number(row.member_id),
  name: row.name,
  email: row.email,
  avatar: row.avatar,
  role: row.role,
  permissions: row.permissions,
  store_ids: ids(row.store_ids),
  created_at: row.created_at.toISOString(),
});

const invitationView = (row: InvitationRow): TeamInvitation => ({
  id: Number(row.id),
  email: row.email,
  role: row.role,
  permissions: row.permissions,
  store_ids: ids(row.store_ids),
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  expired: row.expired,
});

const auditView = (row: AuditRow): AuditLogEntry => ({
  id: Number(row.id),
  actor_id: row.actor_id === null ? null : Number(row.actor_id),
  actor_name: row.actor_name,
  actor_email: row.actor_email,
  actor_kind: row.actor_kind,
  seller_id: Number(row.seller_id),
  seller_name: row.seller_name,
  action: row.action,
  detail:
    row.detail !== null && typeof row.detail === 'object' && !Array.isArray(row.detail)
      ? (row.detail as Record<string, unknown>)
      : null,
  created_at: row.created_at.toISOString(),
});

export async function registerTeamRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** Team changes are the owner's: a member switched to the seller is refused. */
  const requireOwner = (auth: AuthContext) => {
    if (auth.grant) throw forbidden(TEAM_MESSAGES.ownerOnly);
  };

  /** Store ids of the body, all of which must be the seller's; null for every store. */
  const checkStores = async (auth: AuthContext, storeIds: number[] | null | undefined) => {
    if (!storeIds) return null;
    const unique = [...new Set(storeIds)];
    const owned = await sellerStoreIds(db, auth.sellerId, unique);
    if (owned.length !== unique.length) {
      throw unprocessable(TEAM_MESSAGES.foreignStore, { store_ids: [TEAM_MESSAGES.foreignStore] });
    }
    return owned;
  };

  /** The invitation mail: who invites, for what role, and the link to the accept page. */
  const sendInvitation = async (
    auth: AuthContext,
    invitation: InvitationRow,
    token: string,
    log: FastifyInstance['log'],
  ) => {
    const base = app.config.publicUrl.replace(/\/+$/, '');
    const link = `${base}${PAGES.accept_invitation.path}?token=${encodeURIComponent(token)}`;
    await sendMail(db, log, app.config.smtpUrl, {
      to: invitation.email,
      subject: `${auth.seller.name} invited you to their Printloom team`,
      body: [
        `${auth.seller.name} invited you to join their team as ${invitation.role}.`,
        `Open ${link} to accept. The link expires on ${invitation.expires_at.toISOString()}.`,
      ].join('\n\n'),
    });
  };

  const audit = (q: Queryable, auth: AuthContext, action: string, detail: unknown) =>
    insertAudit(q, { actorId: auth.actorId, sellerId: auth.sellerId, action, detail });

  registerGroup(app, API.team, {
    authorizedAccounts: async ({ auth }) => {
      const grants = await grantsOfMember(db, auth.userId);
      return {
        data: grants.map((g) => ({
          seller_id: g.seller_id,
          name: g.name,
          avatar: g.avatar,
          role: g.role,
        })),
      };
    },
    switchAccount: async ({ auth, body, reply }) => {
      const grant = await grantOf(db, auth.userId, body.seller_id);
      if (!grant) throw httpError(403, SWITCH_ACCOUNT_FAILED_MESSAGE);
      const target = await getUserById(db, body.seller_id);
      const own = await getUserById(db, auth.userId);
      if (!target || !own) throw notFound();
      await revokeSession(db, sessionIdOf(auth));
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: target.id,
        action: 'switch_account',
      });
      const data = await issueSession(db, reply, {
        userId: auth.userId,
        actingSellerId: target.id,
        accessUser: auth.accessUser,
        // An admin limited to some stores stays limited in every account it switches to.
        storeIds: auth.storeIds,
      });
      const ownTfa = own.tfa_enable && own.tfa_confirm;
      const targetTfa = target.tfa_enable && target.tfa_confirm;
      return { data, customPayload: { fta_diff: ownTfa !== targetTfa } };
    },
    switchBackAccount: async ({ auth, reply }) => {
      if (!auth.grant) throw httpError(422, AUTH_MESSAGES.switchBackFailed);
      await revokeSession(db, sessionIdOf(auth));
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.userId,
        action: 'switch_back_account',
      });
      return {
        data: await issueSession(db, reply, {
          userId: auth.userId,
          accessUser: auth.accessUser,
          storeIds: auth.storeIds,
        }),
      };
    },

    members: async ({ auth }) => ({
      data: (await listMembers(db, auth.sellerId)).map(memberView),
    }),
    invite: async ({ auth, body, request }) => {
      requireOwner(auth);
      if (body.email === auth.seller.email) {
        throw unprocessable(TEAM_MESSAGES.selfInvite, { email: [TEAM_MESSAGES.selfInvite] });
      }
      if (await memberByEmail(db, auth.sellerId, body.email)) {
        throw conflict(TEAM_MESSAGES.alreadyMember);
      }
      const storeIds = await checkStores(auth, body.store_ids);
      const token = newToken();
      const invitation = await db.transaction(async (tx) => {
        const row = await insertInvitation(tx, {
          sellerId: auth.sellerId,
          invitedBy: auth.actorId,
          email: body.email,
          role: body.role,
          permissions: body.permissions,
          storeIds,
          tokenHash: hashToken(token),
          ttlSeconds: TEAM_INVITATION_TTL_SECONDS,
        });
        await audit(tx, auth, 'team_invite', {
          invitation_id: Number(row.id),
          email: row.email,
          role: row.role,
          permissions: row.permissions,
          store_ids: storeIds,
        });
        return row;
      });
      await sendInvitation(auth, invitation, token, request.log);
      return { data: invitationView(invitation), message: TEAM_MESSAGES.invitationSent };
    },
    invitations: async ({ auth }) => ({
      data: (await listInvitations(db, auth.sellerId)).map(invitationView),
    }),
    resendInvitation: async ({ auth, params, request }) => {
      requireOwner(auth);
      const token = newToken();
      const invitation = await renewInvitation(
        db,
        auth.sellerId,
        params.id,
        hashToken(token),
        TEAM_INVITATION_TTL_SECONDS,
      );
      if (!invitation) throw notFound();
      await audit(db, auth, 'team_invite_resend', { invitation_id: params.id });
      await sendInvitation(auth, invitation, token, request.log);
      return { data: invitationView(invitation), message: TEAM_MESSAGES.invitationSent };
    },
    revokeInvitation: async ({ auth, params }) => {
      requireOwner(auth);
      if (!(await revokeInvitation(db, auth.sellerId, params.id))) throw notFound();
      await audit(db, auth, 'team_invite_revoke', { invitation_id: params.id });
      return { data: null };
    },
    updateMember: async ({ auth, params, body }) => {
      requireOwner(auth);
      const storeIds = await checkStores(auth, body.store_ids);
      const permissions = [...new Set(body.permissions)];
      const changed = await db.transaction(async (tx) => {
        if (!(await updateMember(tx, auth.sellerId, params.id, { permissions, storeIds }))) {
          return undefined;
        }
        await audit(tx, auth, 'team_member_update', {
          member: params.id,
          permissions,
          store_ids: storeIds,
        });
        return getMember(tx, auth.sellerId, params.id);
      });
      if (!changed) throw notFound();
      return { data: memberView(changed) };
    },
    removeMember: async ({ auth, params }) => {
      requireOwner(auth);
      const removed = await db.transaction(async (tx) => {
        const memberId = await deleteMember(tx, auth.sellerId, params.id);
        if (memberId === undefined) return false;
        await audit(tx, auth, 'team_member_remove', { member: params.id, member_id: memberId });
        return true;
      });
      if (!removed) throw notFound();
      return { data: null, message: TEAM_MESSAGES.removed };
    },
    auditLog: async ({ auth, query }) => {
      // Days of the filter are the seller's days (utc_offset), turned into UTC instants here.
      const range = query.time
        ? dateRange(
            query.time as DateRangeName,
            Date.now(),
            auth.seller.utc_offset,
            query.from && query.to ? { from: query.from, to: query.to } : undefined,
          )
        : null;
      const { rows, total } = await listAuditLog(
        db,
        auth.sellerId,
        { actorId: query.actor_id ?? null, from: range?.from ?? null, to: range?.to ?? null },
        query,
      );
      return {
        data: { data: rows.map(auditView), ...pageInfo(total, query.page, query.per_page) },
      };
    },
    acceptInvitation: async ({ body }) => {
      if (body.password !== undefined) await checkNewPassword(body.password);
      // Hashing is slow: done before the transaction, used only when an account is created.
      const passwordHash = body.password !== undefined ? await hash(body.password) : undefined;
      const answer = await db.transaction(async (tx) => {
        const invitation = await findLiveInvitation(tx, hashToken(body.token));
        if (!invitation) {
          throw unprocessable(TEAM_MESSAGES.invitationInvalid, {
            token: [TEAM_MESSAGES.invitationInvalid],
          });
        }
        const seller = await getUserById(tx, Number(invitation.seller_id));
        if (!seller) throw unprocessable(TEAM_MESSAGES.invitationInvalid);
        let user = await getUserByEmail(tx, invitation.email);
        const created = user === undefined;
        if (!user) {
          if (!body.name || passwordHash === undefined) {
            const errors: Record<string, string[]> = {};
            if (!body.name) errors.name = [TEAM_MESSAGES.accountNeeded];
            if (passwordHash === undefined) errors.password = [TEAM_MESSAGES.accountNeeded];
            throw unprocessable(TEAM_MESSAGES.accountNeeded, errors);
          }
          user = await insertUser(tx, {
            name: body.name,
            email: invitation.email,
            passwordHash,
          });
        }
        // The link reached the address: that proves it, for a new account as for an old one.
        await markEmailVerified(tx, user.id);
        await insertGrant(tx, {
          sellerId: seller.id,
          memberId: user.id,
          role: invitation.role,
          permissions: invitation.permissions,
          storeIds: ids(invitation.store_ids),
        });
        await markInvitationAccepted(tx, Number(invitation.id), user.id);
        await insertAudit(tx, {
          actorId: user.id,
          sellerId: seller.id,
          action: 'team_invite_accept',
          detail: { invitation_id: Number(invitation.id), account_created: created },
        });
        return {
          seller_id: seller.id,
          seller_name: seller.name,
          email: user.email,
          account_created: created,
        };
      });
      return { data: answer, message: TEAM_MESSAGES.accepted };
    },
  });
}
