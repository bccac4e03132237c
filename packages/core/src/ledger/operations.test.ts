import { describe, expect, it } from 'vitest';
import { LEDGER_STATUS_TRANSITIONS } from './constants.js';
import { canChangeStatus, checkAdjustment, planHold, releasedStatus } from './operations.js';

const NOW = 1_800_000_000_000;

describe('operator adjustments', () => {
  it('books credits always and debits only within the available balance, with the figures', () => {
    expect(checkAdjustment(500, -1_000)).toEqual({ ok: true });
    expect(checkAdjustment(-1_000, 1_000)).toEqual({ ok: true });
    expect(checkAdjustment(-1_001, 1_000)).toEqual({
      ok: false,
      status: 422,
      message:
        'An adjustment of -10.01 USD would take the available balance of 10.00 USD to -0.01 USD; an adjustment may not take it below zero.',
    });
  });
});

describe('holds', () => {
  const pendingSale = { id: 1, status: 'pending' as const, amount: 900, available_at: NOW + 1 };
  const matured = { id: 2, status: 'pending' as const, amount: 400, available_at: NOW - 1 };
  const refund = { id: 3, status: 'completed' as const, amount: -900, available_at: NOW };

  it('holds money coming in, pending or matured within what is available', () => {
    expect(planHold([pendingSale, matured, refund], 400, NOW)).toEqual({
      ok: true,
      ids: [1, 2],
      fromAvailable: 400,
    });
    const late = planHold([matured], 399, NOW);
    expect(late.ok).toBe(false);
    expect(!late.ok && late.message).toMatch(/available balance of 3.99 USD to -0.01 USD/);
  });

  it('refuses debits, and answers 409 when everything is already held', () => {
    expect(planHold([refund], 10_000, NOW)).toMatchObject({ ok: false, status: 422 });
    expect(planHold([{ ...pendingSale, status: 'on hold' }], 0, NOW)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('releases to what the entry was, and never revives a cancelled entry', () => {
    expect(releasedStatus('pending')).toBe('pending');
    expect(releasedStatus('completed')).toBe('completed');
    expect(canChangeStatus('cancelled', 'pending')).toBe(false);
    expect(canChangeStatus('on hold', 'pending')).toBe(true);
    for (const [from, tos] of Object.entries(LEDGER_STATUS_TRANSITIONS)) {
      for (const to of tos) expect(canChangeStatus(from as 'pending', to)).toBe(true);
    }
  });
});
