/** The weeks of a `YYYY-MM` month, Monday first, blank cells as null (days as YYYY-MM-DD). */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (const d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); ) {
    cells.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month `delta` months from `YYYY-MM`. */
export function shiftMonth(month: string, delta: number): string {
  const time = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1);
  return new Date(time).toISOString().slice(0, 7);
}

/** The day `delta` days from `YYYY-MM-DD`. */
export function shiftDay(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The UTC instants a month of the user's days spans: from the 1st at 00:00 in `utc_offset` to
 * the 1st of the next month, as ISO strings (half-open).
 */
export function monthSpan(month: string, utcOffsetHours: number): { from: string; to: string } {
  const shift = utcOffsetHours * 3_600_000;
  const from = Date.parse(`${month}-01T00:00:00Z`) - shift;
  const to = Date.parse(`${shiftMonth(month, 1)}-01T00:00:00Z`) - shift;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
