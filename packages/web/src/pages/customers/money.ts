import { formatCurrency, toMajor } from '@printloom/core';

/** An amount in minor units of `currency`, as the dashboard shows prices. */
export function money(minor: number, currency: string): string {
  return formatCurrency(toMajor(minor), currency);
}
