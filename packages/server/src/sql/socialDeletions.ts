/**
 * Facebook data deletion requests (migration 055): erasing what a provider account left here
 * (its link to a user, pending link requests carrying its email) and the status record the
 * person reads by confirmation code.
 */
import type { Queryable } from '../db/Db.js';

/** Deletes the provider account's link; answers the user it was linked to, if any. */
export async function deleteIdentityBySubject(
  db: Queryable,
  provider: 'facebook',
  subject: string,
): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    'DELETE FROM user_identities WHERE provider = $1 AND subject = $2 RETURNING user_id',
    [provider, subject],
  );
  return rows.map((r) => Number(r.user_id));
}

/** Deletes link requests still waiting for an account's confirmation; answers how many. */
export async function deleteLinkRequestsBySubject(
  db: Queryable,
  provider: 'facebook',
  subject: string,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM social_link_requests WHERE provider = $1 AND subject = $2 RETURNING id',
    [provider, subject],
  );
  return rows.length;
}

export interface SocialDeletionRow {
  confirmation_code: string;
  provider: string;
  user_id: number | null;
  identities_removed: number;
  link_requests_removed: number;
  status: 'completed';
  requested_at: Date;
  completed_at: Date | null;
}

export async function insertSocialDeletion(
  db: Queryable,
  row: {
    confirmationCode: string;
    provider: 'facebook';
    subjectHash: string;
    userId: number | null;
    identitiesRemoved: number;
    linkRequestsRemoved: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO social_deletion_requests (confirmation_code, provider, subject_hash, user_id,
       identities_removed, link_requests_removed, status, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'completed', now())`,
    [
      row.confirmationCode,
      row.provider,
      row.subjectHash,
      row.userId,
      row.identitiesRemoved,
      row.linkRequestsRemoved,
    ],
  );
}

export async function socialDeletionByCode(
  db: Queryable,
  code: string,
): Promise<SocialDeletionRow | undefined> {
  const [row] = await db.query<SocialDeletionRow>(
    `SELECT confirmation_code, provider, user_id, identities_removed, link_requests_removed,
        status, requested_at, completed_at
       FROM social_deletion_requests WHERE confirmation_code = $1`,
    [code],
  );
  return row;
}
