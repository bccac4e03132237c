import { HOUR_MS } from './constants.js';
import { parseApiDate } from './parseApiDate.js';

/**
 * An instant as a `datetime-local` input holds it (`YYYY-MM-DDTHH:mm`) in the user's utc_offset
 * (spec §9), not the browser's zone: what the user typed is read back the same way.
 */
export function toUserDateTimeInput(instant: Date | string, utcOffsetHours: number): string {
  const shifted = parseApiDate(instant).getTime() + utcOffsetHours * HOUR_MS;
  return new Date(shifted).toISOString().slice(0, 16);
}

/** The instant (ISO, UTC) a `datetime-local` value means in the user's utc_offset; null if empty or not a time. */
export function fromUserDateTimeInput(value: string, utcOffsetHours: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const asUtc = Date.parse(`${value}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  return new Date(asUtc - utcOffsetHours * HOUR_MS).toISOString();
}
