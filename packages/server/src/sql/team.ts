/**
 * The seller's team (issue 15): authorized accounts (members) and invitations by email. Every
 * verb is scoped by the seller id of the session; an invitation's token is looked up by its hash
 * only when it is accepted.
 */
import type { Queryable } from '../db/Db.js';

export interface MemberRow {
  id: number;
  member_id: number;
  name: string;
  email: string;
  avatar: string | null;
  role: string;
  permissions: string[];
  store_ids: Array<number | string> | null;
  created_at: Date;
}

const MEMBER_SELECT = `SELECT a.id, a.member_id, u.name, u.email, u.avatar, a.role, a.permissions,
  a.store_ids, a.created_at
  FROM authorized_accounts a JOIN users u ON u.id = a.member_id`;

export async function listMembers(db: Queryable, sellerId: number): Promise<MemberRow[]> {
  return db.query<MemberRow>(`${MEMBER_SELECT} WHERE a.seller_id = $1 ORDER BY a.id`, [sellerId]);
}

export async function getMember(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<MemberRow | undefined> {
  return (
    await db.query<MemberRow>(`${MEMBER_SELECT} WHERE a.seller_id = $1 AND a.id = $2`, [
      sellerId,
      id,
    ])
  )[0];
}

export async function memberByEmail(
  db: Queryable,
  sellerId: number,
  email: string,
): Promise<MemberRow | undefined> {
  return (
    await db.query<MemberRow>(`${MEMBER_SELECT} WHERE a.seller_id = $1 AND u.email = $2`, [
      sellerId,
      email,
    ])
  )[0];
}

export async function updateMember(
  db: Queryable,
  sellerId: number,
  id: number,
  change: { permissions: string[]; storeIds: number[] | null },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE authorized_accounts SET permissions = $3, store_ids = $4::bigint[]
     WHERE seller_id = $1 AND id = $2 RETURNING id`,
    [sellerId, id, change.permissions, change.storeIds],
  );
  return rows.length > 0;
}

/** Removes the grant and ends the member's sessions acting for this seller; its member id. */
export async function deleteMember(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db.query<{ member_id: number }>(
    'DELETE FROM authorized_accounts WHERE seller_id = $1 AND id = $2 RETURNING member_id',
    [sellerId, id],
  );
  if (!row) return undefined;
  await db.query(
    `UPDATE sessions SET revoked_at = now()
     WHERE user_id = $1 AND acting_seller_id = $2 AND revoked_at IS NULL`,
    [row.member_id, sellerId],
  );
  return Number(row.member_id);
}

export interface InvitationRow {
  id: number;
  seller_id: number;
  email: string;
  role: string;
  permissions: string[];
  store_ids: Array<number | string> | null;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

const INVITATION_COLUMNS = `id, seller_id, email, role, permissions, store_ids, created_at, expires_at,
  expires_at <= now() AS expired`;

/** Pending invitations: neither accepted nor revoked (expired ones included, flagged). */
export async function listInvitations(db: Queryable, sellerId: number): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations
     WHERE seller_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL ORDER BY id DESC`,
    [sellerId],
  );
}

/** A new invitation; an earlier pending one to the same address is revoked in its favour. */
export async function insertInvitation(
  db: Queryable,
  invitation: {
    sellerId: number;
    invitedBy: number;
    email: string;
    role: string;
    permissions: string[];
    storeIds: number[] | null;
    tokenHash: string;
    ttlSeconds: number;
  },
): Promise<InvitationRow> {
  await db.query(
    `UPDATE team_invitations SET revoked_at = now()
     WHERE seller_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [invitation.sellerId, invitation.email],
  );
  const [row] = await db.query<InvitationRow>(
    `INSERT INTO team_invitations
       (seller_id, invited_by, email, role, permissions, store_ids, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::bigint[], $7, now() + make_interval(secs => $8))
     RETURNING ${INVITATION_COLUMNS}`,
    [
      invitation.sellerId,
      invitation.invitedBy,
      invitation.email,
      invitation.role,
      invitation.permissions,
      invitation.storeIds,
      invitation.tokenHash,
      invitation.ttlSeconds,
    ],
  );
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

/** A new link and expiry for a pending invitation of the seller; the old link stops working. */
export async function renewInvitation(
  db: Queryable,
  sellerId: number,
  id: number,
  tokenHash: string,
  ttlSeconds: number,
): Promise<InvitationRow | undefined> {
  return (
    await db.query<InvitationRow>(
      `UPDATE team_invitations SET token_hash = $3, expires_at = now() + make_interval(secs => $4)
       WHERE seller_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL
       RETURNING ${INVITATION_COLUMNS}`,
      [sellerId, id, tokenHash, ttlSeconds],
    )
  )[0];
}

export async function revokeInvitation(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE team_invitations SET revoked_at = now()
     WHERE seller_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
    [sellerId, id],
  );
  return rows.length > 0;
}

/**
 * The live invitation behind a link, locked for the accepting transaction: not accepted, not
 * revoked, not expired.
 */
export async function findLiveInvitation(
  db: Queryable,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return (
    await db.query<InvitationRow>(
      `SELECT ${INVITATION_COLUMNS} FROM team_invitations
       WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       FOR UPDATE`,
      [tokenHash],
    )
  )[0];
}

export async function markInvitationAccepted(
  db: Queryable,
  id: number,
  userId: number,
): Promise<void> {
  await db.query(
    'UPDATE team_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1',
    [id, userId],
  );
}
