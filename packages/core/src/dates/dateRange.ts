import {
  DATE_RANGE_NAMES,
  DAY_MS,
  HOUR_MS,
  ROLLING_RANGE_DAYS,
  UTC_OFFSET_MAX,
  UTC_OFFSET_MIN,
} from './constants.js';
import { parseApiDate } from './parseApiDate.js';

export type DateRangeName = (typeof DATE_RANGE_NAMES)[number];

/**
 * A range of whole days in the user's time zone. `from` and `to` are UTC instants as ISO 8601
 * strings (strings, not Dates, so a range goes into a query string or JSON unchanged and compares
 * as text): `from` is the user's midnight starting the first day, `to` the last millisecond of
 * the last day. `fromDate` and `toDate` are the same days written YYYY-MM-DD as the user sees
 * them. A lifetime range has no start: `from` and `fromDate` are null.
 */
export interface DateRange {
  from: string | null;
  to: string;
  fromDate: string | null;
  toDate: string;
}

/** Days of a custom range, YYYY-MM-DD in the user's time zone, both included. */
export interface CustomDays {
  from: string;
  to: string;
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkOffset(utcOffsetHours: number): void {
  if (
    !Number.isFinite(utcOffsetHours) ||
    utcOffsetHours < UTC_OFFSET_MIN ||
    utcOffsetHours > UTC_OFFSET_MAX
  ) {
    throw new RangeError(
      `utc_offset must be between ${UTC_OFFSET_MIN} and ${UTC_OFFSET_MAX} hours, got ${utcOffsetHours}`,
    );
  }
}

/** The user's calendar day of an instant, as a day number (UTC-midnight milliseconds). */
function userDay(instantMs: number, utcOffsetHours: number): number {
  const shifted = instantMs + utcOffsetHours * HOUR_MS;
  return Math.floor(shifted / DAY_MS) * DAY_MS;
}

function dayText(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

function readDay(text: string, what: string): number {
  const match = DAY_TEXT.exec(text);
  const ms = match
    ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : Number.NaN;
  if (!match || Number.isNaN(ms) || dayText(ms) !== text) {
    throw new RangeError(`${what} must be a date written YYYY-MM-DD, got '${text}'`);
  }
  return ms;
}

function rangeOf(firstDay: number | null, lastDay: number, utcOffsetHours: number): DateRange {
  const offsetMs = utcOffsetHours * HOUR_MS;
  return {
    from: firstDay === null ? null : new Date(firstDay - offsetMs).toISOString(),
    to: new Date(lastDay + DAY_MS - 1 - offsetMs).toISOString(),
    fromDate: firstDay === null ? null : dayText(firstDay),
    toDate: dayText(lastDay),
  };
}

/** The user's day of `now` as YYYY-MM-DD: how dates are shown, shifted by utc_offset (spec §9). */
export function userDate(now: Date | string | number, utcOffsetHours: number): string {
  checkOffset(utcOffsetHours);
  return dayText(userDay(parseApiDate(now, 'current time').getTime(), utcOffsetHours));
}

/**
 * An instant as the user reads it, `YYYY-MM-DD HH:mm` in their utc_offset (spec §9): the one way
 * the dashboard writes a date with its time (notifications, for a start).
 */
export function userDateTime(instant: Date | string | number, utcOffsetHours: number): string {
  checkOffset(utcOffsetHours);
  const shifted = parseApiDate(instant).getTime() + utcOffsetHours * HOUR_MS;
  return new Date(shifted).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * How many days before today a preset starts (spec §9): lifetime and today 0, yesterday 1,
 * this_week the days since Monday, this_month the day of the month minus 1; the rolling ranges
 * their length minus 1, last_week and last_month the distance to their first day.
 */
export function daysBack(
  preset: Exclude<DateRangeName, 'custom'>,
  now: Date | string | number,
  utcOffsetHours: number,
): number {
  checkOffset(utcOffsetHours);
  const today = userDay(parseApiDate(now, 'current time').getTime(), utcOffsetHours);
  const date = new Date(today);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  switch (preset) {
    case 'lifetime':
    case 'today':
      return 0;
    case 'yesterday':
      return 1;
    case 'this_week':
      return sinceMonday;
    case 'this_month':
      return date.getUTCDate() - 1;
    case 'last_7_days':
    case 'last_14_days':
    case 'last_30_days':
      return ROLLING_RANGE_DAYS[preset] - 1;
    case 'last_week':
      return sinceMonday + 7;
    case 'last_month': {
      const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
      return Math.round((today - first) / DAY_MS);
    }
    default:
      throw new RangeError(`Unknown date range '${String(preset)}'`);
  }
}

/**
 * The days a date range preset covers, computed in the user's day: `now` shifted by
 * `utcOffsetHours` (spec §3 presets, §9). Every range ends at the end of a day:
 *
 * - today, yesterday: that one day;
 * - this_week: Monday to today; this_month: the 1st to today;
 * - last_7_days, last_14_days, last_30_days: that many days ending today (today included, so
 *   "last 7 days" on a Monday starts the Tuesday before);
 * - last_week: Monday to Sunday of the week before; last_month: the whole month before;
 * - lifetime: no start, up to the end of today;
 * - custom: `custom.from` to `custom.to`, both included (required, in order).
 */
export function dateRange(
  preset: DateRangeName,
  now: Date | string | number,
  utcOffsetHours: number,
  custom?: CustomDays,
): DateRange {
  checkOffset(utcOffsetHours);
  if (preset === 'custom') {
    if (!custom) throw new TypeError("A 'custom' date range needs from and to dates");
    const first = readDay(custom.from, 'Start date');
    const last = readDay(custom.to, 'End date');
    if (first > last) throw new RangeError('The end date is before the start date');
    return rangeOf(first, last, utcOffsetHours);
  }
  if (!(DATE_RANGE_NAMES as readonly string[]).includes(preset)) {
    throw new RangeError(`Unknown date range '${String(preset)}'`);
  }
  const today = userDay(parseApiDate(now, 'current time').getTime(), utcOffsetHours);
  const first = today - daysBack(preset, now, utcOffsetHours) * DAY_MS;
  switch (preset) {
    case 'lifetime':
      return rangeOf(null, today, utcOffsetHours);
    case 'yesterday':
      return rangeOf(first, first, utcOffsetHours);
    case 'last_week':
      return rangeOf(first, first + 6 * DAY_MS, utcOffsetHours);
    case 'last_month': {
      const date = new Date(today);
      const lastOfPrevious = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - DAY_MS;
      return rangeOf(first, lastOfPrevious, utcOffsetHours);
    }
    default:
      return rangeOf(first, today, utcOffsetHours);
  }
}
