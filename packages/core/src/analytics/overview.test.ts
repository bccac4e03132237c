import { describe, expect, it } from 'vitest';
import {
  fillSeries,
  OverviewQuery,
  overviewBucket,
  overviewChange,
  overviewFigures,
  overviewRanges,
} from './overview.js';

const NOW = '2026-11-27T03:00:00.000Z';

describe('overview ranges', () => {
  it('compares the last 7 days with the 7 days before, in the seller’s day', () => {
    const r = overviewRanges({ time: 'last_7_days' }, NOW, -8);
    // 03:00 UTC on the 27th is 19:00 on the 26th at UTC−8.
    expect(r.current).toMatchObject({ fromDate: '2026-11-20', toDate: '2026-11-26' });
    expect(r.current.from).toBe('2026-11-20T08:00:00.000Z');
    expect(r.previous).toMatchObject({ fromDate: '2026-11-13', toDate: '2026-11-19' });
    expect(Date.parse(r.previous.to) + 1).toBe(Date.parse(r.current.from));
    expect(r.granularity).toBe('day');
  });

  it('uses hours for a one-day range and compares today with yesterday', () => {
    const r = overviewRanges({ time: 'today' }, NOW, 7);
    expect(r.current).toMatchObject({ fromDate: '2026-11-27', toDate: '2026-11-27' });
    expect(r.previous).toMatchObject({ fromDate: '2026-11-26', toDate: '2026-11-26' });
    expect(r.granularity).toBe('hour');
  });

  it('takes a custom range as given and refuses one without its days', () => {
    const r = overviewRanges({ time: 'custom', from: '2026-10-01', to: '2026-10-10' }, NOW, 0);
    expect(r.previous).toMatchObject({ fromDate: '2026-09-21', toDate: '2026-09-30' });
    expect(OverviewQuery.safeParse({ time: 'custom' }).success).toBe(false);
    expect(OverviewQuery.parse({}).time).toBe('last_30_days');
  });
});

describe('overview series and figures', () => {
  it('puts a late-evening order on the seller’s own day', () => {
    const paid = '2026-11-20T05:30:00.000Z';
    expect(overviewBucket(paid, -8, 'day')).toBe('2026-11-19');
    expect(overviewBucket(paid, 7, 'day')).toBe('2026-11-20');
    expect(overviewBucket(paid, 7, 'hour')).toBe('2026-11-20 12:00');
  });

  it('fills every day of the range, zero where nothing sold', () => {
    const r = overviewRanges({ time: 'last_7_days' }, NOW, 0);
    const series = fillSeries(r.current, 0, 'day', [
      { bucket: '2026-11-23', sales: 500, orders: 1 },
    ]);
    expect(series.map((p) => p.bucket)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(series.map((p) => p.orders)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    const hours = fillSeries(overviewRanges({ time: 'today' }, NOW, 0).current, 0, 'hour', []);
    expect(hours).toHaveLength(24);
  });

  it('derives conversion and average order value, null without a divisor', () => {
    expect(
      overviewFigures({ sales: 1001, orders: 3, items: 4, profit: 300, visits: 60 }),
    ).toMatchObject({
      conversion_rate: 0.05,
      average_order_value: 334,
    });
    expect(overviewFigures({ sales: 0, orders: 0, items: 0, profit: 0, visits: 0 })).toMatchObject({
      conversion_rate: null,
      average_order_value: null,
    });
    expect(overviewChange(150, 100)).toBe(0.5);
    expect(overviewChange(5, 0)).toBeNull();
  });
});
