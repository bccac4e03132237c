const HOUR_MS = 3_600_000;

/**
 * A `YYYY-MM-DDTHH:mm` time the user typed (a datetime-local field), read in their utc_offset,
 * as an ISO instant; null when the text is not such a time. The inverse of `userDateTime`.
 */
export function userLocalToIso(local: string, utcOffsetHours: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi) - utcOffsetHours * HOUR_MS;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

/** An ISO instant as a datetime-local value in the user's utc_offset. */
export function isoToUserLocal(iso: string, utcOffsetHours: number): string {
  return new Date(new Date(iso).getTime() + utcOffsetHours * HOUR_MS).toISOString().slice(0, 16);
}
