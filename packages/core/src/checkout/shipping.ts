import { isEuropeanCountry, type ShippingRate } from '../catalog/ShippingProfile.js';

/**
 * The rate of a product's shipping profile for a country: the country's own, else Europe's
 * (`150`) for a European country, else worldwide (`*`); null when none covers it.
 */
export function rateFor(rates: readonly ShippingRate[], country: string): ShippingRate | null {
  const code = country.trim().toUpperCase();
  return (
    rates.find((r) => r.scope === code) ??
    (isEuropeanCountry(code) ? rates.find((r) => r.scope === '150') : undefined) ??
    rates.find((r) => r.scope === '*') ??
    null
  );
}

/**
 * The rates a product ships with when its template has no profile (minor units of USD), the
 * catalogue's standard ones.
 */
export const DEFAULT_SHIPPING_RATES: readonly ShippingRate[] = [
  { scope: 'US', first_item: 475, additional_item: 200 },
  { scope: 'CA', first_item: 799, additional_item: 300 },
  { scope: '150', first_item: 899, additional_item: 300 },
  { scope: '*', first_item: 1199, additional_item: 400 },
];
