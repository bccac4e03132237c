import type { Queryable } from '../db/Db.js';

/**
 * Upload rows (migrations 006, 008). Every stored file has one, made before its bytes are
 * written: `file_path` is unique, so a key is handed out once and a short name that is taken
 * gets another (blob/reserveUploadKey.ts).
 *
 * An upload is *settled* once its bytes were checked after its signed PUT address expired or was
 * used up; until then a bucket upload is checked on every use, because the address can still
 * overwrite the object. Uploads through the server are checked as they arrive and are settled at
 * once.
 */
export interface UnsettledUpload {
  file_path: string;
  verified_at: Date | null;
  put_expires_at: Date | null;
  /** The object's entity tag when its bytes were first accepted. */
  etag: string | null;
}

export interface NewUpload {
  sellerId: number | null;
  filePath: string;
  contentType: string;
  /** Anonymous uploads only: the client address that asked (bytes per address per hour). */
  clientAddress?: string | null;
}

/**
 * Reserves a key for a signed PUT about to be handed out (the bytes arrive later, unchecked).
 * False when the key is taken.
 */
export async function reserveUpload(
  db: Queryable,
  upload: NewUpload & { ttlSeconds: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO uploads (seller_id, file_path, content_type, size, put_expires_at, client_address)
     VALUES ($1, $2, $3, NULL, now() + make_interval(secs => $4), $5)
     ON CONFLICT (file_path) DO NOTHING RETURNING id`,
    [
      upload.sellerId,
      upload.filePath,
      upload.contentType,
      upload.ttlSeconds,
      upload.clientAddress ?? null,
    ],
  );
  return rows.length === 1;
}

/** Records a file whose bytes the server checked and is about to write. False when the key is taken. */
export async function insertStoredUpload(
  db: Queryable,
  upload: NewUpload & { size: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO uploads (seller_id, file_path, content_type, size, verified_at, put_used_at, client_address)
     VALUES ($1, $2, $3, $4, now(), now(), $5)
     ON CONFLICT (file_path) DO NOTHING RETURNING id`,
    [
      upload.sellerId,
      upload.filePath,
      upload.contentType,
      upload.size,
      upload.clientAddress ?? null,
    ],
  );
  return rows.length === 1;
}

/** The reservation a signed PUT to the server is for, locked until the transaction ends. */
export async function lockUploadForPut(
  tx: Queryable,
  filePath: string,
): Promise<{ put_used_at: Date | null; client_address: string | null } | null> {
  const [row] = await tx.query<{ put_used_at: Date | null; client_address: string | null }>(
    'SELECT put_used_at, client_address FROM uploads WHERE file_path = $1 FOR UPDATE',
    [filePath],
  );
  return row ?? null;
}

/**
 * Spends a signed PUT: the upload now holds these checked bytes and its address stopped working
 * (so the upload is settled). A reservation made before migration 008 has no row yet, and gets one.
 */
export async function claimUploadPut(
  tx: Queryable,
  upload: NewUpload & { size: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO uploads (seller_id, file_path, content_type, size, verified_at, put_used_at)
     VALUES ($1, $2, $3, $4, now(), now())
     ON CONFLICT (file_path) DO UPDATE SET size = EXCLUDED.size,
       content_type = EXCLUDED.content_type, verified_at = now(), put_used_at = now(),
       put_expires_at = now()`,
    [upload.sellerId, upload.filePath, upload.contentType, upload.size],
  );
}

/**
 * Serialises anonymous uploads of one client address until the transaction ends, so two PUTs
 * at once cannot both fit under its hourly allowance.
 */
export async function lockClientAddress(tx: Queryable, address: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('public-upload:' || $1))", [address]);
}

/** Bytes a client address stored anonymously in the last hour. */
export async function clientBytesLastHour(db: Queryable, address: string): Promise<number> {
  const [row] = await db.query<{ bytes: number }>(
    `SELECT coalesce(sum(size), 0)::bigint AS bytes FROM uploads
     WHERE client_address = $1 AND created_at > now() - interval '1 hour' AND put_used_at IS NOT NULL`,
    [address],
  );
  return row?.bytes ?? 0;
}

/** Which of these keys are uploads still to be checked. */
export async function unsettledUploads(
  db: Queryable,
  filePaths: readonly string[],
): Promise<UnsettledUpload[]> {
  return db.query<UnsettledUpload>(
    `SELECT file_path, verified_at, put_expires_at, etag FROM uploads
     WHERE file_path = ANY($1::text[]) AND (verified_at IS NULL OR verified_at < put_expires_at)`,
    [filePaths],
  );
}

/** Unsettled uploads whose PUT address has expired: their bytes can no longer change. */
export async function expiredUnsettledUploads(
  db: Queryable,
  limit: number,
): Promise<UnsettledUpload[]> {
  return db.query<UnsettledUpload>(
    `SELECT file_path, verified_at, put_expires_at, etag FROM uploads
     WHERE put_expires_at < now() AND (verified_at IS NULL OR verified_at < put_expires_at)
     ORDER BY put_expires_at LIMIT $1`,
    [limit],
  );
}

/** The object's bytes were accepted; the first accepted entity tag is kept. */
export async function markUploadVerified(
  db: Queryable,
  filePath: string,
  size: number,
  etag: string | null,
): Promise<void> {
  await db.query(
    'UPDATE uploads SET verified_at = now(), size = $2, etag = coalesce(etag, $3) WHERE file_path = $1',
    [filePath, size, etag],
  );
}

/** A request named these files (kept from the anonymous-upload sweep). */
export async function markUploadsUsed(db: Queryable, filePaths: readonly string[]): Promise<void> {
  await db.query(
    'UPDATE uploads SET used_at = now() WHERE file_path = ANY($1::text[]) AND used_at IS NULL',
    [filePaths],
  );
}

/** Anonymous uploads (`s0/public/…`) no request has named in `seconds`. */
export async function unusedPublicUploads(
  db: Queryable,
  seconds: number,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ file_path: string }>(
    `SELECT file_path FROM uploads
     WHERE used_at IS NULL AND file_path LIKE 's0/public/%'
       AND created_at < now() - make_interval(secs => $1)
     ORDER BY created_at LIMIT $2`,
    [seconds, limit],
  );
  return rows.map((row) => row.file_path);
}

/**
 * Local store: reservations whose signed PUT expired unused are forgotten (nothing was written).
 * Returns how many.
 */
export async function forgetUnusedReservations(db: Queryable, limit: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM uploads WHERE id IN (
       SELECT id FROM uploads
       WHERE put_expires_at < now() AND put_used_at IS NULL AND verified_at IS NULL
       LIMIT $1)
     RETURNING id`,
    [limit],
  );
  return rows.length;
}

export async function deleteUpload(db: Queryable, filePath: string): Promise<void> {
  await db.query('DELETE FROM uploads WHERE file_path = $1', [filePath]);
}
