import {
  CODE_PREFIXED_CURRENCIES,
  CURRENCY_DECIMALS,
  DEFAULT_CURRENCY_LOCALE,
} from './constants.js';

const FACTOR = 10 ** CURRENCY_DECIMALS;

/** Rounds half away from zero to 2 decimals, without the 1.005 → 1.00 float slip. */
export function roundCurrency(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Price must be a finite number, got ${value}`);
  const sign = value < 0 ? -1 : 1;
  const rounded = Math.round(Number(`${Math.abs(value)}e${CURRENCY_DECIMALS}`)) / FACTOR;
  return rounded === 0 ? 0 : sign * rounded;
}

/**
 * A price as the dashboard shows it (spec §5): rounded to 2 decimals, none for whole amounts
 * (after rounding, so 9.999 shows as $10). For AUD, CAD, MXN and the other '$' currencies the
 * code comes first, then the price with its narrow sign: 'AUD $12.50'. Other currencies show
 * with the locale's usual sign ('€12.50' in en-US).
 */
export function formatCurrency(
  value: number,
  code: string,
  locale: string = DEFAULT_CURRENCY_LOCALE,
): string {
  const amount = roundCurrency(value);
  const currency = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new RangeError(`Currency code must be 3 letters, got '${code}'`);
  }
  const decimals = Number.isInteger(amount) ? 0 : CURRENCY_DECIMALS;
  const prefixed = (CODE_PREFIXED_CURRENCIES as readonly string[]).includes(currency);
  let text: string;
  try {
    text = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: prefixed ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  } catch (error) {
    throw new RangeError(
      `Cannot format ${currency} for locale '${locale}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return prefixed ? `${currency} ${text}` : text;
}
