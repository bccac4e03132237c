import { describe, expect, it } from 'vitest';
import { monthSpan, monthWeeks, shiftDay, shiftMonth } from './monthWeeks.js';
import { easterSunday, holidayDate, POD_HOLIDAYS, podSeasonEvents } from './podSeason.js';

const holiday = (id: string) => {
  const found = POD_HOLIDAYS.find((h) => h.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('the POD season', () => {
  it('computes the days that move from year to year', () => {
    expect(new Date(easterSunday(2026)).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(new Date(easterSunday(2027)).toISOString().slice(0, 10)).toBe('2027-03-28');
    expect(holidayDate(holiday('thanksgiving'), 2026)).toBe('2026-11-26');
    expect(holidayDate(holiday('black_friday'), 2026)).toBe('2026-11-27');
    expect(holidayDate(holiday('cyber_monday'), 2026)).toBe('2026-11-30');
    expect(holidayDate(holiday('mothers_day'), 2026)).toBe('2026-05-10');
    expect(holidayDate(holiday('fathers_day'), 2026)).toBe('2026-06-21');
    expect(holidayDate(holiday('mothering_sunday'), 2026)).toBe('2026-03-15');
  });

  it('lists each region its last order day before a holiday', () => {
    const december = podSeasonEvents('2026-12');
    expect(
      december.filter((e) => e.holiday === 'christmas').map((e) => [e.date, e.region]),
    ).toEqual([
      ['2026-12-10', 'AU'],
      ['2026-12-12', 'EU'],
      ['2026-12-14', 'CA'],
      ['2026-12-14', 'UK'],
      ['2026-12-17', 'US'],
      ['2026-12-25', null],
    ]);
    // Sales events have no day to arrive by.
    expect(
      podSeasonEvents('2026-11').some(
        (e) => e.kind === 'last_order' && e.holiday === 'black_friday',
      ),
    ).toBe(false);
  });

  it("puts a last order day in the month (and year) it falls in, not the holiday's", () => {
    const january = podSeasonEvents('2027-01');
    expect(january).toContainEqual(
      expect.objectContaining({ date: '2027-01-30', holiday: 'valentines_day', region: 'AU' }),
    );
    expect(podSeasonEvents('2026-12').some((e) => e.holiday === 'valentines_day')).toBe(false);
  });
});

describe('month helpers', () => {
  it('lays a month out in weeks from Monday', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
  });

  it('moves by months and days across year ends', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("spans a month of the user's days in UTC", () => {
    expect(monthSpan('2026-11', 7)).toEqual({
      from: '2026-10-31T17:00:00.000Z',
      to: '2026-11-30T17:00:00.000Z',
    });
    expect(monthSpan('2026-11', -8).from).toBe('2026-11-01T08:00:00.000Z');
  });
});
