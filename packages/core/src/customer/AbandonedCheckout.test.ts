import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AbandonedSettings,
  DEFAULT_ABANDONED_SETTINGS,
  dueRecoveryEmail,
  recoveryEmail,
} from './AbandonedCheckout.js';

const on = { ...DEFAULT_ABANDONED_SETTINGS, enabled: true };

describe('recovery schedule', () => {
  it('sends email 1, 2 and 3 at their delays, once each', () => {
    expect(dueRecoveryEmail(on, 59, [])).toBeNull();
    expect(dueRecoveryEmail(on, 60, [])).toBe(1);
    expect(dueRecoveryEmail(on, 600, [1])).toBeNull();
    expect(dueRecoveryEmail(on, 1440, [1])).toBe(2);
    expect(dueRecoveryEmail(on, 4320, [1, 2])).toBe(3);
    expect(dueRecoveryEmail(on, 5000, [1, 2, 3])).toBeNull();
  });

  it('skips overdue earlier emails instead of sending a burst, and leaves old carts alone', () => {
    expect(dueRecoveryEmail(on, 2000, [])).toBe(2);
    expect(dueRecoveryEmail(on, 4320 + 1441, [])).toBeNull();
    expect(dueRecoveryEmail(DEFAULT_ABANDONED_SETTINGS, 100, [])).toBeNull();
  });

  it('never sends an email twice or out of order, whenever the sweep runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7000 }), { maxLength: 40 }), (times) => {
        const sent: number[] = [];
        for (const minute of [...times].sort((a, b) => a - b)) {
          const due = dueRecoveryEmail(on, minute, sent);
          if (due !== null) sent.push(due);
        }
        expect(new Set(sent).size).toBe(sent.length);
        expect([...sent].sort()).toEqual(sent);
      }),
    );
  });

  it('wants delays in increasing order within bounds', () => {
    expect(AbandonedSettings.safeParse({ ...on, delay2_minutes: 30 }).success).toBe(false);
    expect(AbandonedSettings.safeParse({ ...on, delay1_minutes: 5 }).success).toBe(false);
    expect(AbandonedSettings.safeParse(on).success).toBe(true);
  });

  it('writes a reminder with the restore link', () => {
    const mail = recoveryEmail(3, {
      storeName: 'Moon Shop',
      link: 'https://shop.test/cart?restore=abc',
      items: [{ name: 'Tee', quantity: 2 }],
    });
    expect(mail.subject).toBe('Last reminder: your cart at Moon Shop');
    expect(mail.body).toContain('2 × Tee');
    expect(mail.body).toContain('https://shop.test/cart?restore=abc');
  });
});
