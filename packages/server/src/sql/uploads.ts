import type { Queryable } from '../db/Db.js';

/**
 * Upload rows (migration 006). An upload is *settled* once its bytes were checked after its
 * signed PUT address expired; until then it is checked on every use, because the address can
 * still overwrite the object. Uploads through the server are checked as they arrive and are
 * settled at once.
 */
export interface UnsettledUpload {
  file_path: string;
  verified_at: Date | null;
  put_expires_at: Date | null;
}

/** A signed bucket PUT was handed out: the object will arrive unchecked. */
export async function insertPendingUpload(
  db: Queryable,
  upload: { sellerId: number | null; filePath: string; contentType: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (seller_id, file_path, content_type, size, put_expires_at)
     VALUES ($1, $2, $3, NULL, now() + make_interval(secs => $4))
     ON CONFLICT (file_path) DO UPDATE SET verified_at = NULL, size = NULL,
       content_type = EXCLUDED.content_type, put_expires_at = EXCLUDED.put_expires_at`,
    [upload.sellerId, upload.filePath, upload.contentType, upload.ttlSeconds],
  );
}

/** A file whose bytes the server checked as it stored them. */
export async function insertCheckedUpload(
  db: Queryable,
  upload: { sellerId: number | null; filePath: string; contentType: string; size: number },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (seller_id, file_path, content_type, size, verified_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (file_path) DO UPDATE SET size = EXCLUDED.size, content_type = EXCLUDED.content_type,
       verified_at = now(), put_expires_at = NULL`,
    [upload.sellerId, upload.filePath, upload.contentType, upload.size],
  );
}

/** Which of these keys are uploads still to be checked. */
export async function unsettledUploads(
  db: Queryable,
  filePaths: readonly string[],
): Promise<UnsettledUpload[]> {
  return db.query<UnsettledUpload>(
    `SELECT file_path, verified_at, put_expires_at FROM uploads
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
    `SELECT file_path, verified_at, put_expires_at FROM uploads
     WHERE put_expires_at < now() AND (verified_at IS NULL OR verified_at < put_expires_at)
     ORDER BY put_expires_at LIMIT $1`,
    [limit],
  );
}

export async function markUploadVerified(
  db: Queryable,
  filePath: string,
  size: number,
): Promise<void> {
  await db.query('UPDATE uploads SET verified_at = now(), size = $2 WHERE file_path = $1', [
    filePath,
    size,
  ]);
}

export async function deleteUpload(db: Queryable, filePath: string): Promise<void> {
  await db.query('DELETE FROM uploads WHERE file_path = $1', [filePath]);
}
