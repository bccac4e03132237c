import { describe, expect, it } from 'vitest';
import { isoToUserLocal, userLocalToIso } from './userLocalTime.js';

describe('userLocalToIso', () => {
  it('reads a typed time in the user utc_offset and back', () => {
    expect(userLocalToIso('2026-03-01T09:30', 7)).toBe('2026-03-01T02:30:00.000Z');
    expect(userLocalToIso('2026-03-01T09:30', -5)).toBe('2026-03-01T14:30:00.000Z');
    expect(isoToUserLocal('2026-03-01T02:30:00.000Z', 7)).toBe('2026-03-01T09:30');
    expect(userLocalToIso('tomorrow', 0)).toBeNull();
  });
});
