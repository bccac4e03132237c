import type { Queryable } from '../db/Db.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  /** False for an account signed up through a provider until it sets a password (migration 048). */
  has_password: boolean;
  avatar: string | null;
  phone: string | null;
  facebook: string | null;
  roles: string[];
  tags: string[];
  is_admin: boolean;
  price_tag: string;
  sale_volume: string | null;
  balance: number;
  balance_2: number;
  sms_credit: number;
  custom_payment: boolean;
  status: string;
  utc_offset: number;
  email_verified_at: Date | null;
  email_need_verify_date: Date | null;
  tfa_secret: string | null;
  tfa_enable: boolean;
  tfa_confirm: boolean;
  /** The last TOTP time-step accepted from this user (each step is accepted once). */
  tfa_last_step: string | number | null;
  bulk_processing: boolean;
  campaign_limit_per_day: number;
  campaign_limit_per_minute: number;
  /** The seller's referral code, once given (migration 041). */
  referral_code: string | null;
  /** Who referred the seller (spec `ref_id`). */
  ref_id: number | null;
  created_at: Date;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roles?: string[];
  tags?: string[];
  isAdmin?: boolean;
  emailVerified?: boolean;
  status?: string;
  smsCredit?: number;
  balance?: number;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (name, email, password_hash, roles, tags, is_admin, email_verified_at, email_need_verify_date, status, sms_credit, balance)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() END, now(), $8, $9, $10) RETURNING *`,
    [
      user.name,
      user.email,
      user.passwordHash,
      user.roles ?? [],
      user.tags ?? [],
      user.isAdmin ?? false,
      user.emailVerified ?? false,
      user.status ?? 'new',
      user.smsCredit ?? 0,
      user.balance ?? 0,
    ],
  );
  if (!row) throw new Error('insertUser returned no row');
  // Money lives in the ledger (issue 14): a starting balance is its opening entry.
  if (user.balance) {
    await db.query(
      `INSERT INTO ledger_entries (seller_id, account, type, status, amount, currency, description,
         idempotency_key)
       VALUES ($1, 'default', 'admin', 'completed', $2, 'USD', 'Opening balance', 'opening:default')`,
      [row.id, Math.round(user.balance * 100)],
    );
    await db.query(
      `INSERT INTO seller_balances (seller_id, account, total) VALUES ($1, 'default', $2)`,
      [row.id, Math.round(user.balance * 100)],
    );
  }
  return row;
}

/**
 * A row of `SELECT u.*, x.col AS "prefix.col", …` split in two: the user, and the columns named
 * `prefix.col` as an object of their own. Lets a lookup read its own row and its user in one query.
 */
export function splitUserRow<T>(
  row: Record<string, unknown>,
  prefix: string,
): { user: UserRow; other: T } {
  const user: Record<string, unknown> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(`${prefix}.`)) other[key.slice(prefix.length + 1)] = value;
    else user[key] = value;
  }
  return { user: user as unknown as UserRow, other: other as T };
}

/** `col AS "prefix.col"` for each of `columns` of table alias `alias`. */
export function prefixedColumns(alias: string, columns: readonly string[], prefix: string): string {
  return columns.map((c) => `${alias}.${c} AS "${prefix}.${c}"`).join(', ');
}

export async function getUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0];
}

export async function getUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]))[0];
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, has_password = true WHERE id = $1', [
    id,
    hash,
  ]);
}

export async function setTfa(
  db: Queryable,
  id: number,
  tfa: { secret: string | null; enable: boolean; confirm: boolean },
): Promise<void> {
  await db.query(
    'UPDATE users SET tfa_secret = $2, tfa_enable = $3, tfa_confirm = $4 WHERE id = $1',
    [id, tfa.secret, tfa.enable, tfa.confirm],
  );
}

/**
 * Records `step` as the user's last accepted TOTP time-step; false when that step (or a later
 * one) was already accepted: a replayed code.
 */
export async function acceptTfaStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET tfa_last_step = $2
     WHERE id = $1 AND (tfa_last_step IS NULL OR tfa_last_step < $2) RETURNING id`,
    [id, step],
  );
  return rows.length > 0;
}

export async function markEmailVerified(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1',
    [id],
  );
}

export async function saveSurvey(
  db: Queryable,
  sellerId: number,
  survey: { sale_volume: string; facebook?: string | undefined; phone?: string | undefined },
): Promise<void> {
  await db.query(
    'INSERT INTO surveys (seller_id, sale_volume, facebook, phone) VALUES ($1, $2, $3, $4)',
    [sellerId, survey.sale_volume, survey.facebook ?? null, survey.phone ?? null],
  );
  await db.query(
    `UPDATE users SET sale_volume = $2, facebook = COALESCE($3, facebook), phone = COALESCE($4, phone)
     WHERE id = $1`,
    [sellerId, survey.sale_volume, survey.facebook ?? null, survey.phone ?? null],
  );
}
