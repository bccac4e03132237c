import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEntries,
  checkInKey,
  checkInPoints,
  localDay,
  type PointEntryDraft,
  salePoints,
  salePointsBySeller,
  streakOn,
} from './rules.js';

const draft: fc.Arbitrary<PointEntryDraft> = fc.record({
  kind: fc.constantFrom('sale' as const, 'check_in' as const, 'reward' as const, 'admin' as const),
  points: fc.integer({ min: -300, max: 300 }),
  key: fc.string({ minLength: 1, maxLength: 3 }),
});

describe('SEN points rules', () => {
  it('the balance is the sum of the entries kept, never below zero, one entry per key', () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 60 }), (drafts) => {
        const { entries, balance } = applyEntries(drafts);
        expect(balance).toBe(entries.reduce((sum, e) => sum + e.points, 0));
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
      }),
    );
  });

  it('checking in twice on one local day books once, whatever the offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 86_399_999 }),
        fc.integer({ min: -12, max: 14 }),
        (start, later, offset) => {
          const first = new Date(start);
          const day = localDay(first, offset);
          const dayStart = Date.parse(`${day}T00:00:00Z`) - offset * 3_600_000;
          const second = new Date(dayStart + later);
          expect(localDay(second, offset)).toBe(day);
          const { entries } = applyEntries([
            { kind: 'check_in', points: 5, key: checkInKey(day) },
            { kind: 'check_in', points: 5, key: checkInKey(localDay(second, offset)) },
          ]);
          expect(entries).toHaveLength(1);
        },
      ),
    );
  });

  it('streaks count consecutive days and every 7th day earns the bonus', () => {
    expect(streakOn('2026-03-01', ['2026-02-28', '2026-02-27', '2026-02-25'])).toBe(3);
    expect(streakOn('2026-03-01', [])).toBe(1);
    expect(checkInPoints(1)).toBe(5);
    expect(checkInPoints(7)).toBe(10);
    expect(checkInPoints(14)).toBe(10);
    expect(checkInPoints(8)).toBe(5);
  });

  it('a sale books one point per item', () => {
    expect(salePoints([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(salePoints([])).toBe(0);
  });

  it('a cross-sold line books its points to its campaign’s owner', () => {
    const lines = [{ quantity: 2 }, { quantity: 3, owner_id: 4 }, { quantity: 1, owner_id: 9 }];
    expect(salePointsBySeller(lines, 7)).toEqual([
      { sellerId: 4, points: 3 },
      { sellerId: 7, points: 2 },
      { sellerId: 9, points: 1 },
    ]);
    // A store that sold only other sellers' campaigns earns no points of its own.
    expect(salePointsBySeller([{ quantity: 2, owner_id: 4 }], 7)).toEqual([
      { sellerId: 4, points: 2 },
    ]);
  });

  it('local days follow the offset', () => {
    const at = new Date('2026-01-01T22:30:00Z');
    expect(localDay(at, 0)).toBe('2026-01-01');
    expect(localDay(at, 2)).toBe('2026-01-02');
    expect(localDay(new Date('2026-01-01T02:00:00Z'), -5)).toBe('2025-12-31');
  });
});
