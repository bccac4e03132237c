import { describe, expect, it } from 'vitest';
import { PAYOUT_MIN_AMOUNT } from './constants.js';
import { checkPayoutRequest, planOrderReversal } from './plans.js';
import {
  availableAtOf,
  balancesOf,
  billingExportFileName,
  canDebit,
  processingFeeOf,
  saleProfit,
  shownStatus,
} from './rules.js';

const DAY = 86_400_000;

describe('saleProfit', () => {
  it('is the sell price less the discount, the base cost and the processing fee', () => {
    const lines = [
      { price: 2_500, base_cost: 1_000, quantity: 2 },
      { price: 1_500, base_cost: 700, quantity: 1 },
    ];
    expect(saleProfit(lines, 500, { processing_fee: 4, processing_fee_min: 0 })).toEqual({
      revenue: 6_000,
      base_cost: 2_700,
      processing_fee: 240,
      profit: 3_060,
    });
  });
  it('charges at least the minimum fee, and no fee when the site charges none', () => {
    expect(processingFeeOf(1_000, { processing_fee: 2, processing_fee_min: 50 })).toBe(50);
    expect(processingFeeOf(10_000, { processing_fee: 2, processing_fee_min: 50 })).toBe(200);
    expect(processingFeeOf(10_000, { processing_fee: 0, processing_fee_min: 0 })).toBe(0);
    expect(processingFeeOf(0, { processing_fee: 2, processing_fee_min: 50 })).toBe(0);
  });
});

describe('balances', () => {
  const now = Date.UTC(2026, 5, 1);
  it('puts a sale in pending until its hold period ends, then in available', () => {
    const sale = {
      account: 'default' as const,
      status: 'pending' as const,
      amount: 1_000,
      available_at: availableAtOf(now, 14),
    };
    expect(balancesOf([sale], now).default).toEqual({ available: 0, pending: 1_000, on_hold: 0 });
    expect(balancesOf([sale], now + 14 * DAY).default.available).toBe(1_000);
    expect(shownStatus(sale, now)).toBe('pending');
    expect(shownStatus(sale, now + 14 * DAY)).toBe('completed');
  });
  it('keeps Balance 2 apart and held entries on hold', () => {
    const b = balancesOf(
      [
        { account: 'balance_2', status: 'completed', amount: 300, available_at: now },
        { account: 'default', status: 'on hold', amount: 700, available_at: now },
      ],
      now,
    );
    expect(b.balance_2.available).toBe(300);
    expect(b.default).toEqual({ available: 0, pending: 0, on_hold: 700 });
  });
  it('lets a refund go negative but never a payout or a top-up', () => {
    expect(canDebit('refund', 500, 0)).toBe(true);
    expect(canDebit('payout', 500, 499)).toBe(false);
    expect(canDebit('topup', 500, 500)).toBe(true);
  });
});

describe('planOrderReversal', () => {
  const now = Date.UTC(2026, 5, 1);
  it('reverses a pending sale in pending, and a matured one from available', () => {
    const pending = {
      type: 'sale' as const,
      account: 'default' as const,
      amount: 900,
      available_at: now + DAY,
    };
    expect(planOrderReversal(7, [pending], now)).toMatchObject({
      type: 'refund',
      amount: -900,
      status: 'pending',
      available_at: now + DAY,
      idempotency_key: 'order:7:reversal',
    });
    const matured = { ...pending, available_at: now - DAY };
    expect(planOrderReversal(7, [matured], now)).toMatchObject({
      status: 'completed',
      available_at: now,
    });
    expect(planOrderReversal(7, [], now)).toBeNull();
  });
});

describe('checkPayoutRequest', () => {
  it('needs the minimum, the available money and no open request', () => {
    expect(checkPayoutRequest(PAYOUT_MIN_AMOUNT, PAYOUT_MIN_AMOUNT, false)).toEqual({ ok: true });
    expect(checkPayoutRequest(PAYOUT_MIN_AMOUNT - 1, 99_999, false)).toMatchObject({ status: 422 });
    expect(checkPayoutRequest(5_000, 4_999, false)).toMatchObject({ status: 422 });
    expect(checkPayoutRequest(5_000, 9_999, true)).toMatchObject({ status: 409 });
  });
});

it('names the export file as spec §9 says', () => {
  expect(billingExportFileName('2026-11-27')).toBe('export_billing_history_2026-11-27.csv');
});
