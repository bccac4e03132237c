import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUserDateTimeInput, toUserDateTimeInput } from './userDateTimeInput.js';

describe('date-time inputs in the user offset', () => {
  it('show an instant in the user offset and read it back', () => {
    expect(toUserDateTimeInput('2026-06-01T12:00:00Z', 7)).toBe('2026-06-01T19:00');
    expect(fromUserDateTimeInput('2026-06-01T19:00', 7)).toBe('2026-06-01T12:00:00.000Z');
    expect(fromUserDateTimeInput('', 0)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.integer({ min: -12, max: 14 }),
        (minutes, offset) => {
          const instant = new Date(minutes * 60_000).toISOString();
          expect(fromUserDateTimeInput(toUserDateTimeInput(instant, offset), offset)).toBe(instant);
        },
      ),
    );
  });
});
