import { describe, expect, it } from 'vitest';
import { formatCurrency, roundCurrency } from './index.js';

describe('formatCurrency (spec §5)', () => {
  it('shows 2 decimals, and none for whole amounts', () => {
    expect(formatCurrency(12.5, 'USD')).toBe('$12.50');
    expect(formatCurrency(12, 'USD')).toBe('$12');
    expect(formatCurrency(1234.567, 'USD')).toBe('$1,234.57');
  });

  it('rounds before deciding whether the amount is whole', () => {
    expect(formatCurrency(9.999, 'USD')).toBe('$10');
    expect(formatCurrency(1.005, 'USD')).toBe('$1.01');
  });

  it('puts the code before AUD, CAD and MXN prices', () => {
    expect(formatCurrency(12.5, 'AUD')).toBe('AUD $12.50');
    expect(formatCurrency(20, 'CAD')).toBe('CAD $20');
    expect(formatCurrency(199.9, 'MXN')).toBe('MXN $199.90');
  });

  it('shows euro prices with their sign, in the given locale', () => {
    expect(formatCurrency(12.5, 'EUR')).toBe('€12.50');
    expect(formatCurrency(12.5, 'EUR', 'de-DE')).toBe('12,50\u00a0€');
  });

  it('handles negative amounts', () => {
    expect(formatCurrency(-3.456, 'USD')).toBe('-$3.46');
  });

  it('rejects a bad code or amount', () => {
    expect(() => formatCurrency(1, 'DOLLARS')).toThrow(/3 letters/);
    expect(() => formatCurrency(Number.NaN, 'USD')).toThrow(/finite/);
  });
});

describe('roundCurrency', () => {
  it('rounds half away from zero', () => {
    expect(roundCurrency(2.675)).toBe(2.68);
    expect(roundCurrency(-2.675)).toBe(-2.68);
    expect(roundCurrency(-0.001)).toBe(0);
  });
});
