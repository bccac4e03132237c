import { z } from 'zod';
import { SHIPPING_REGIONS } from '../enums/settings.js';

/**
 * The countries of Europe, UN M49 region 150 (the code spec §3 gives Europe), as ISO 3166-1
 * alpha-2 codes: Eastern, Northern, Southern and Western Europe.
 */
export const EUROPE_COUNTRY_CODES: readonly string[] = [
  // Eastern Europe
  'BG',
  'BY',
  'CZ',
  'HU',
  'MD',
  'PL',
  'RO',
  'RU',
  'SK',
  'UA',
  // Northern Europe
  'AX',
  'DK',
  'EE',
  'FI',
  'FO',
  'GB',
  'GG',
  'IE',
  'IM',
  'IS',
  'JE',
  'LT',
  'LV',
  'NO',
  'SE',
  'SJ',
  // Southern Europe
  'AD',
  'AL',
  'BA',
  'ES',
  'GI',
  'GR',
  'HR',
  'IT',
  'ME',
  'MK',
  'MT',
  'PT',
  'RS',
  'SI',
  'SM',
  'VA',
  // Western Europe
  'AT',
  'BE',
  'CH',
  'DE',
  'FR',
  'LI',
  'LU',
  'MC',
  'NL',
];
const EUROPE = new Set(EUROPE_COUNTRY_CODES);

/** Whether an ISO 3166-1 alpha-2 country code is in Europe (region 150). */
export function isEuropeanCountry(countryCode: string): boolean {
  return EUROPE.has(countryCode.trim().toUpperCase());
}

/**
 * Where a rate applies: a country (ISO 3166-1 alpha-2, e.g. `US`, `CA`), the region Europe
 * (`150`) or the whole world (`*`), spec §3 shipping regions and scope levels.
 */
export const ShippingScope = z.union([
  z.literal(SHIPPING_REGIONS.worldwide),
  z.literal(SHIPPING_REGIONS.europe),
  z.string().regex(/^[A-Z]{2}$/, 'A country is its two-letter ISO code, e.g. US'),
]);
export type ShippingScope = z.infer<typeof ShippingScope>;

/** The spec §3 scope level of a rate's scope. */
export function shippingScopeLevel(scope: ShippingScope): 'country' | 'region' | 'worldwide' {
  if (scope === SHIPPING_REGIONS.worldwide) return 'worldwide';
  if (scope === SHIPPING_REGIONS.europe) return 'region';
  return 'country';
}

const money = z.number().int('Amounts are in whole cents').nonnegative();

/** A shipping rate: the first item of the product and each further one (minor units). */
export const ShippingRate = z.object({
  scope: ShippingScope,
  first_item: money,
  additional_item: money,
});
export type ShippingRate = z.infer<typeof ShippingRate>;

/**
 * How a product template ships: one rate per scope, amounts in minor units of `currency`. A
 * destination with no rate that covers it (no country, region or `*` rate) is not shipped to.
 */
export const ShippingProfile = z
  .object({
    name: z.string().trim().min(1).default('Standard'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('USD'),
    rates: z.array(ShippingRate).min(1, 'A shipping profile needs a rate'),
  })
  .superRefine((profile, ctx) => {
    const seen = new Set<string>();
    profile.rates.forEach((rate, index) => {
      if (seen.has(rate.scope)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, 'scope'],
          message: `Scope ${rate.scope} has two rates`,
        });
      }
      seen.add(rate.scope);
    });
  });
export type ShippingProfile = z.infer<typeof ShippingProfile>;

/** What shipping a quantity of one product to a country costs, and which rate said so. */
export interface ShippingQuote {
  scope: ShippingScope;
  level: 'country' | 'region' | 'worldwide';
  /** Minor units: the first item's rate plus the additional rate for each further item. */
  amount: number;
}

/**
 * The shipping of `quantity` items of a product to `countryCode` (ISO alpha-2): the most
 * specific rate wins (the country's own rate, else Europe's `150` for a European country, else
 * worldwide `*`); the first item costs `first_item`, each further one `additional_item`. Returns
 * undefined when no rate covers the country.
 */
export function shippingRateFor(
  profile: Pick<ShippingProfile, 'rates'>,
  countryCode: string,
  quantity: number,
): ShippingQuote | undefined {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`Quantity must be a whole number of at least 1, not ${quantity}`);
  }
  const country = countryCode.trim().toUpperCase();
  const byScope = new Map(profile.rates.map((rate) => [rate.scope, rate]));
  const candidates: ShippingScope[] = [country];
  if (EUROPE.has(country)) candidates.push(SHIPPING_REGIONS.europe);
  candidates.push(SHIPPING_REGIONS.worldwide);
  for (const scope of candidates) {
    const rate = byScope.get(scope);
    if (rate) {
      return {
        scope: rate.scope,
        level: shippingScopeLevel(rate.scope),
        amount: rate.first_item + rate.additional_item * (quantity - 1),
      };
    }
  }
  return undefined;
}
