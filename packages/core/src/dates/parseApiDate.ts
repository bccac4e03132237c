/**
 * Reads a date the API sends: ISO 8601, or 'YYYY-MM-DD HH:mm:ss' (read as UTC when no zone is
 * given), or a Date / epoch milliseconds. A value that is not a date is an error naming it.
 */
export function parseApiDate(value: Date | string | number, what = 'date'): Date {
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else {
    const text = value.trim();
    const withT = /^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text;
    const zoned = /T/.test(withT) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(withT) ? `${withT}Z` : withT;
    date = new Date(zoned);
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid ${what}: '${String(value)}'`);
  return date;
}
