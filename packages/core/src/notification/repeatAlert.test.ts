import { describe, expect, it } from 'vitest';
import { isRepeatDue } from './repeatAlert.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

describe('isRepeatDue', () => {
  it('repeats once per interval of the option, never when disabled', () => {
    const since = at(0);
    expect(isRepeatDue({ repeat: 'disabled', since, now: at(10_000), until: null })).toBe(false);
    expect(isRepeatDue({ repeat: 'every_15_minutes', since, now: at(14), until: null })).toBe(
      false,
    );
    expect(isRepeatDue({ repeat: 'every_15_minutes', since, now: at(15), until: null })).toBe(true);
    expect(isRepeatDue({ repeat: 'hourly', since, now: at(59), until: null })).toBe(false);
    expect(isRepeatDue({ repeat: 'hourly', since, now: at(60), until: null })).toBe(true);
    expect(isRepeatDue({ repeat: 'daily', since, now: at(24 * 60), until: null })).toBe(true);
    expect(isRepeatDue({ repeat: 'weekly', since, now: at(6 * 24 * 60), until: null })).toBe(false);
  });
  it('repeats hourly until the end time, then stops', () => {
    const since = at(0);
    expect(isRepeatDue({ repeat: 'until_end_time', since, now: at(60), until: at(120) })).toBe(
      true,
    );
    expect(isRepeatDue({ repeat: 'until_end_time', since, now: at(120), until: at(120) })).toBe(
      false,
    );
    expect(isRepeatDue({ repeat: 'until_end_time', since, now: at(60), until: null })).toBe(false);
  });
});
