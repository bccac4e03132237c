/**
 * Money booked in another currency (issue 14): the seller's balances are one currency
 * (`LEDGER_CURRENCY`, USD), so an amount earned in a store's own currency is converted when it is
 * booked, at the platform's rate of that moment, and the entry keeps what it was converted from
 * (amount, currency, rate). Balances never mix currencies; a later rate never changes an entry.
 */
import { z } from 'zod';
import { LEDGER_CURRENCY } from './constants.js';

/** USD per one unit of each currency, as the platform operator sets them (`EUR: 1.0825`). */
export const ExchangeRates = z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive());
export type ExchangeRates = z.infer<typeof ExchangeRates>;

/** What an entry booked from another currency keeps of its origin. */
export interface OriginalAmount {
  amount: number;
  currency: string;
  /** Ledger-currency units per unit of `currency`. */
  rate: number;
}

export interface LedgerAmount {
  /** Minor units of the ledger currency. */
  amount: number;
  currency: typeof LEDGER_CURRENCY;
  original: OriginalAmount | null;
}

/** Whether money in `currency` can be booked: the ledger's own, or one with a rate. */
export function canBookCurrency(currency: string, rates: ExchangeRates): boolean {
  return currency === LEDGER_CURRENCY || (rates[currency] ?? 0) > 0;
}

/**
 * Minor units of `currency` as minor units of the ledger currency. Rounded half away from
 * zero, so an amount and its negation convert to exact opposites. Null when there is no rate.
 */
export function toLedgerAmount(
  amount: number,
  currency: string,
  rates: ExchangeRates,
): LedgerAmount | null {
  if (currency === LEDGER_CURRENCY) return { amount, currency: LEDGER_CURRENCY, original: null };
  const rate = rates[currency];
  if (rate === undefined || !(rate > 0)) return null;
  const converted = Math.sign(amount) * Math.round(Math.abs(amount) * rate);
  return {
    amount: converted === 0 ? 0 : converted,
    currency: LEDGER_CURRENCY,
    original: { amount, currency, rate },
  };
}

/** Parses `EUR=1.0825,GBP=1.27` (the `PRINTLOOM_EXCHANGE_RATES` form); null when malformed. */
export function parseExchangeRates(text: string): ExchangeRates | null {
  const rates: ExchangeRates = {};
  for (const part of text.split(',')) {
    const match = /^\s*([A-Z]{3})\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match?.[1] || !match[2]) return null;
    const rate = Number(match[2]);
    if (!(rate > 0)) return null;
    rates[match[1]] = rate;
  }
  return rates;
}
