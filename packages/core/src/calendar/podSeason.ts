/**
 * The print-on-demand season (issue 16, /calendar): the holidays sellers plan for and, per
 * shipping region, the last day a buyer can order for the gift to arrive in time. Decisions
 * where the spec is silent (also in the core README):
 * - Holidays are calendar days, the same everywhere (no time zone).
 * - A region's lead time is the production days plus standard shipping days to it
 *   (`REGION_LEAD_DAYS`); the last order day is the holiday less the lead time.
 * - Dates that move are computed: the nth weekday of a month (Mother's and Father's Day,
 *   Thanksgiving), or days from Easter Sunday (Mothering Sunday, Easter), Black Friday and Cyber
 *   Monday from Thanksgiving.
 */

export const POD_REGIONS = ['US', 'CA', 'UK', 'EU', 'AU'] as const;
export type PodRegion = (typeof POD_REGIONS)[number];

/** Production (3 days) plus standard shipping to the region, in days. */
export const REGION_LEAD_DAYS: Readonly<Record<PodRegion, number>> = {
  US: 8,
  CA: 11,
  UK: 11,
  EU: 13,
  AU: 15,
};

type DayRule =
  | { kind: 'fixed'; month: number; day: number }
  /** The nth (1-based) `weekday` (0 Sunday … 6 Saturday) of `month`. */
  | { kind: 'nth_weekday'; month: number; weekday: number; nth: number }
  | { kind: 'easter'; offset: number }
  /** Days after another holiday of the table. */
  | { kind: 'after'; holiday: string; days: number };

export interface PodHoliday {
  id: string;
  name: string;
  regions: readonly PodRegion[];
  rule: DayRule;
}

const ALL = POD_REGIONS;

/** The holidays of the season, with the regions that shop for them. */
export const POD_HOLIDAYS: readonly PodHoliday[] = [
  {
    id: 'valentines_day',
    name: "Valentine's Day",
    regions: ALL,
    rule: { kind: 'fixed', month: 2, day: 14 },
  },
  {
    id: 'mothering_sunday',
    name: 'Mothering Sunday',
    regions: ['UK'],
    rule: { kind: 'easter', offset: -21 },
  },
  { id: 'easter', name: 'Easter', regions: ALL, rule: { kind: 'easter', offset: 0 } },
  {
    id: 'mothers_day',
    name: "Mother's Day",
    regions: ['US', 'CA', 'AU'],
    rule: { kind: 'nth_weekday', month: 5, weekday: 0, nth: 2 },
  },
  {
    id: 'fathers_day',
    name: "Father's Day",
    regions: ['US', 'CA', 'UK'],
    rule: { kind: 'nth_weekday', month: 6, weekday: 0, nth: 3 },
  },
  {
    id: 'independence_day',
    name: 'Independence Day',
    regions: ['US'],
    rule: { kind: 'fixed', month: 7, day: 4 },
  },
  {
    id: 'fathers_day_au',
    name: "Father's Day (Australia)",
    regions: ['AU'],
    rule: { kind: 'nth_weekday', month: 9, weekday: 0, nth: 1 },
  },
  { id: 'halloween', name: 'Halloween', regions: ALL, rule: { kind: 'fixed', month: 10, day: 31 } },
  {
    id: 'thanksgiving',
    name: 'Thanksgiving',
    regions: ['US'],
    rule: { kind: 'nth_weekday', month: 11, weekday: 4, nth: 4 },
  },
  {
    id: 'black_friday',
    name: 'Black Friday',
    regions: ALL,
    rule: { kind: 'after', holiday: 'thanksgiving', days: 1 },
  },
  {
    id: 'cyber_monday',
    name: 'Cyber Monday',
    regions: ALL,
    rule: { kind: 'after', holiday: 'thanksgiving', days: 4 },
  },
  { id: 'christmas', name: 'Christmas', regions: ALL, rule: { kind: 'fixed', month: 12, day: 25 } },
];

/**
 * Holidays sellers sell for but that are not gifts to arrive by a day (sales events): no last
 * order day.
 */
export const SALE_EVENT_HOLIDAYS: ReadonlySet<string> = new Set(['black_friday', 'cyber_monday']);

const DAY_MS = 86_400_000;

/** Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm), as a UTC time. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

function dayOf(rule: DayRule, year: number): number {
  switch (rule.kind) {
    case 'fixed':
      return Date.UTC(year, rule.month - 1, rule.day);
    case 'nth_weekday': {
      const first = Date.UTC(year, rule.month - 1, 1);
      const shift = (rule.weekday - new Date(first).getUTCDay() + 7) % 7;
      return first + (shift + (rule.nth - 1) * 7) * DAY_MS;
    }
    case 'easter':
      return easterSunday(year) + rule.offset * DAY_MS;
    case 'after': {
      const base = POD_HOLIDAYS.find((h) => h.id === rule.holiday);
      if (!base) throw new Error(`unknown holiday ${rule.holiday}`);
      return dayOf(base.rule, year) + rule.days * DAY_MS;
    }
  }
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day of a holiday in `year`, YYYY-MM-DD. */
export function holidayDate(holiday: PodHoliday, year: number): string {
  return isoDay(dayOf(holiday.rule, year));
}

export interface SeasonEvent {
  date: string;
  kind: 'holiday' | 'last_order';
  holiday: string;
  title: string;
  region: PodRegion | null;
}

/**
 * The season's events whose day falls in the `YYYY-MM` month: the holidays, and each region's
 * last order day (which may fall in the month before the holiday, or in the year before).
 */
export function podSeasonEvents(month: string): SeasonEvent[] {
  const year = Number(month.slice(0, 4));
  const events: SeasonEvent[] = [];
  for (const y of [year, year + 1]) {
    for (const holiday of POD_HOLIDAYS) {
      const time = dayOf(holiday.rule, y);
      const date = isoDay(time);
      if (date.startsWith(month)) {
        events.push({
          date,
          kind: 'holiday',
          holiday: holiday.id,
          title: holiday.name,
          region: null,
        });
      }
      if (SALE_EVENT_HOLIDAYS.has(holiday.id)) continue;
      for (const region of holiday.regions) {
        const last = isoDay(time - REGION_LEAD_DAYS[region] * DAY_MS);
        if (!last.startsWith(month)) continue;
        events.push({
          date: last,
          kind: 'last_order',
          holiday: holiday.id,
          title: `Last order day for ${holiday.name} (${region})`,
          region,
        });
      }
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
}
