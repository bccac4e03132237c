import { formatCurrency, LEDGER_CURRENCY, toMinor } from '@printloom/core';
import { z } from 'zod';

/** Minor units as the seller reads them: `$1,234.50`, `-$12.00`. */
export const money = (minor: number) => formatCurrency(minor / 100, LEDGER_CURRENCY);

/** An amount typed in dollars with at most two decimals, sent as minor units. */
export const DollarAmount = z.coerce
  .number({ error: 'Enter an amount' })
  .positive('Enter an amount above zero')
  .refine((value) => Number.isInteger(Math.round(value * 100)) && toMinor(value) / 100 === value, {
    message: 'Use at most two decimals',
  });
