import { describe, expect, it } from 'vitest';
import { canBookCurrency, parseExchangeRates, toLedgerAmount } from './exchange.js';

describe('booking money of another currency', () => {
  const rates = { EUR: 1.0825, GBP: 1.27 };

  it('books USD as it is, with no origin', () => {
    expect(toLedgerAmount(1234, 'USD', {})).toEqual({
      amount: 1234,
      currency: 'USD',
      original: null,
    });
  });

  it('converts at the rate and keeps the original amount, currency and rate', () => {
    expect(toLedgerAmount(1000, 'EUR', rates)).toEqual({
      amount: 1083,
      currency: 'USD',
      original: { amount: 1000, currency: 'EUR', rate: 1.0825 },
    });
  });

  it('converts a negative amount to the exact opposite of its positive', () => {
    for (const amount of [1, 3, 999, 1000, 12_345]) {
      const plus = toLedgerAmount(amount, 'EUR', rates)?.amount ?? Number.NaN;
      expect(toLedgerAmount(-amount, 'EUR', rates)?.amount).toBe(-plus);
    }
  });

  it('has no amount for a currency without a rate', () => {
    expect(toLedgerAmount(1000, 'JPY', rates)).toBeNull();
    expect(canBookCurrency('JPY', rates)).toBe(false);
    expect(canBookCurrency('USD', {})).toBe(true);
    expect(canBookCurrency('GBP', rates)).toBe(true);
  });

  it('reads the rates setting and refuses a malformed one', () => {
    expect(parseExchangeRates('EUR=1.0825, GBP = 1.27')).toEqual(rates);
    expect(parseExchangeRates('EUR=abc')).toBeNull();
    expect(parseExchangeRates('eur=1.1')).toBeNull();
    expect(parseExchangeRates('EUR=0')).toBeNull();
  });
});
