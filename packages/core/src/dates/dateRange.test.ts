import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_NAMES,
  type DateRangeName,
  dateRange,
  daysBack,
  parseApiDate,
  userDate,
  userDateTime,
} from './index.js';

function days(preset: DateRangeName, now: string, offset: number): [string | null, string] {
  const range = dateRange(preset, now, offset);
  return [range.fromDate, range.toDate];
}

describe('dateRange on a Monday (2026-11-23 10:00 at UTC+7)', () => {
  const now = '2026-11-23T03:00:00Z';

  it('gives every preset in the user day', () => {
    expect(days('today', now, 7)).toEqual(['2026-11-23', '2026-11-23']);
    expect(days('yesterday', now, 7)).toEqual(['2026-11-22', '2026-11-22']);
    expect(days('this_week', now, 7)).toEqual(['2026-11-23', '2026-11-23']);
    expect(days('this_month', now, 7)).toEqual(['2026-11-01', '2026-11-23']);
    expect(days('last_7_days', now, 7)).toEqual(['2026-11-17', '2026-11-23']);
    expect(days('last_14_days', now, 7)).toEqual(['2026-11-10', '2026-11-23']);
    expect(days('last_30_days', now, 7)).toEqual(['2026-10-25', '2026-11-23']);
    expect(days('last_week', now, 7)).toEqual(['2026-11-16', '2026-11-22']);
    expect(days('last_month', now, 7)).toEqual(['2026-10-01', '2026-10-31']);
    expect(days('lifetime', now, 7)).toEqual([null, '2026-11-23']);
  });

  it("starts and ends at the user's midnight, as UTC instants", () => {
    expect(dateRange('today', now, 7)).toEqual({
      from: '2026-11-22T17:00:00.000Z',
      to: '2026-11-23T16:59:59.999Z',
      fromDate: '2026-11-23',
      toDate: '2026-11-23',
    });
    expect(dateRange('lifetime', now, 7).from).toBeNull();
  });
});

describe('the same instant at UTC-5 is still Sunday 2026-11-22', () => {
  const now = '2026-11-23T03:00:00Z';

  it('counts this week from the Monday before', () => {
    expect(days('today', now, -5)).toEqual(['2026-11-22', '2026-11-22']);
    expect(days('this_week', now, -5)).toEqual(['2026-11-16', '2026-11-22']);
    expect(days('last_week', now, -5)).toEqual(['2026-11-09', '2026-11-15']);
    expect(days('yesterday', now, -5)).toEqual(['2026-11-21', '2026-11-21']);
    expect(dateRange('today', now, -5)).toMatchObject({
      from: '2026-11-22T05:00:00.000Z',
      to: '2026-11-23T04:59:59.999Z',
    });
  });

  it('gives the §9 day counts: this_week is days since Monday', () => {
    expect(daysBack('this_week', now, -5)).toBe(6);
    expect(daysBack('this_week', now, 7)).toBe(0);
  });
});

describe('dateRange on the 1st of a month', () => {
  it('at UTC+7, an evening UTC instant is already 1 December', () => {
    const now = '2026-11-30T20:00:00Z';
    expect(days('today', now, 7)).toEqual(['2026-12-01', '2026-12-01']);
    expect(days('this_month', now, 7)).toEqual(['2026-12-01', '2026-12-01']);
    expect(days('last_month', now, 7)).toEqual(['2026-11-01', '2026-11-30']);
    expect(days('yesterday', now, 7)).toEqual(['2026-11-30', '2026-11-30']);
    expect(days('this_week', now, 7)).toEqual(['2026-11-30', '2026-12-01']);
    expect(dateRange('this_month', now, 7).from).toBe('2026-11-30T17:00:00.000Z');
    expect(daysBack('this_month', now, 7)).toBe(0);
  });

  it('at UTC-8, a morning UTC instant of 1 December is still 30 November', () => {
    expect(days('this_month', '2026-12-01T03:00:00Z', -8)).toEqual(['2026-11-01', '2026-11-30']);
    expect(daysBack('this_month', '2026-12-01T03:00:00Z', -8)).toBe(29);
  });

  it('at UTC-8 later that day it is 1 December', () => {
    const now = '2026-12-01T10:00:00Z';
    expect(days('this_month', now, -8)).toEqual(['2026-12-01', '2026-12-01']);
    expect(days('last_month', now, -8)).toEqual(['2026-11-01', '2026-11-30']);
    expect(dateRange('this_month', now, -8).from).toBe('2026-12-01T08:00:00.000Z');
  });

  it('on Monday 1 June 2026 this week and this month are both that one day', () => {
    for (const [now, offset] of [
      ['2026-06-01T12:00:00Z', 9],
      ['2026-06-01T12:00:00Z', -9],
    ] as const) {
      expect(days('this_week', now, offset)).toEqual(['2026-06-01', '2026-06-01']);
      expect(days('this_month', now, offset)).toEqual(['2026-06-01', '2026-06-01']);
      expect(days('last_week', now, offset)).toEqual(['2026-05-25', '2026-05-31']);
      expect(days('last_month', now, offset)).toEqual(['2026-05-01', '2026-05-31']);
    }
  });

  it('crosses the year for last month in January', () => {
    expect(days('last_month', '2027-01-15T12:00:00Z', 0)).toEqual(['2026-12-01', '2026-12-31']);
  });
});

describe('custom ranges and bad input', () => {
  it('covers both custom days in the user zone', () => {
    expect(
      dateRange('custom', '2026-11-23T03:00:00Z', 5.5, { from: '2026-11-01', to: '2026-11-02' }),
    ).toEqual({
      from: '2026-10-31T18:30:00.000Z',
      to: '2026-11-02T18:29:59.999Z',
      fromDate: '2026-11-01',
      toDate: '2026-11-02',
    });
  });

  it('refuses a custom range without days, with bad days or out of order', () => {
    const now = '2026-11-23T03:00:00Z';
    expect(() => dateRange('custom', now, 0)).toThrow(/needs from and to/);
    expect(() => dateRange('custom', now, 0, { from: '2026-02-30', to: '2026-03-01' })).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => dateRange('custom', now, 0, { from: '2026-03-02', to: '2026-03-01' })).toThrow(
      'The end date is before the start date',
    );
  });

  it('refuses an impossible offset or preset', () => {
    expect(() => dateRange('today', '2026-11-23T03:00:00Z', 15)).toThrow(/utc_offset/);
    // @ts-expect-error checked at run time for callers without types
    expect(() => dateRange('forever', '2026-11-23T03:00:00Z', 0)).toThrow(/Unknown date range/);
  });

  it('knows every spec preset plus lifetime', () => {
    expect(DATE_RANGE_NAMES).toHaveLength(11);
    for (const preset of DATE_RANGE_NAMES.filter((p) => p !== 'custom')) {
      expect(() => dateRange(preset, '2026-11-23T03:00:00Z', 0)).not.toThrow();
    }
  });
});

describe('userDate and parseApiDate', () => {
  it('shows the day shifted by utc_offset', () => {
    expect(userDate('2026-11-23T03:00:00Z', -5)).toBe('2026-11-22');
    expect(userDate(new Date('2026-11-23T03:00:00Z'), 0)).toBe('2026-11-23');
  });

  it('reads API dates without a zone as UTC', () => {
    expect(parseApiDate('2024-07-29 10:30:00').toISOString()).toBe('2024-07-29T10:30:00.000Z');
    expect(parseApiDate('2024-07-29').toISOString()).toBe('2024-07-29T00:00:00.000Z');
    expect(parseApiDate('2024-07-29T10:30:00+02:00').toISOString()).toBe(
      '2024-07-29T08:30:00.000Z',
    );
    expect(() => parseApiDate('soon')).toThrow("Invalid date: 'soon'");
  });
});

describe('userDateTime', () => {
  it("writes an instant in the user's time zone, to the minute", () => {
    expect(userDateTime('2026-11-23T03:07:59Z', 0)).toBe('2026-11-23 03:07');
    expect(userDateTime('2026-11-23T03:00:00Z', -5)).toBe('2026-11-22 22:00');
    expect(userDateTime('2026-11-23T20:30:00Z', 7)).toBe('2026-11-24 03:30');
    expect(userDateTime('2026-11-23T00:00:00Z', 5.5)).toBe('2026-11-23 05:30');
    expect(userDateTime('2026-11-23 10:00:00', 1)).toBe('2026-11-23 11:00');
  });

  it('refuses an offset out of range and a value that is not a date', () => {
    expect(() => userDateTime('2026-11-23T00:00:00Z', 15)).toThrow(RangeError);
    expect(() => userDateTime('soon', 0)).toThrow(/Invalid date/);
  });
});
