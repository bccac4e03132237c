import { z } from 'zod';
import { STATE_LIST_COUNTRIES } from '../store/constants.js';
import type { StateListCountry } from '../store/storeState.js';
import { NO_POSTCODE_COUNTRIES, POSTCODE_PATTERNS, STATE_PROVINCES } from './regions.js';

const text = (max: number) => z.string().trim().min(1).max(max);

/** A buyer's shipping address as the checkout takes it (issue 12 contract). */
export const ShippingAddress = z.object({
  name: text(120),
  line1: text(200),
  line2: z.string().trim().max(200).optional(),
  city: text(120),
  state: z.string().trim().max(80).optional(),
  postcode: z.string().trim().max(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a 2-letter ISO code')
    .overwrite((value) => value.toUpperCase()),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** What is wrong with an address, by field; an empty list when nothing is. */
export interface AddressCheck {
  /** The address with the state written as its code when a name was given. */
  address: ShippingAddress;
  problems: { field: 'state' | 'postcode'; message: string }[];
}

const hasList = (country: string): country is StateListCountry =>
  (STATE_LIST_COUNTRIES as readonly string[]).includes(country);

/**
 * Checks an address per country: the state must be one of the §3 lists for US, AU, NZ, IT, CA
 * and BR (by code or name, any case), and the postcode must have the country's shape. An address
 * with problems is still accepted by the checkout, flagged `address_invalid` for the orders'
 * Invalid Address list: a buyer abroad knows their address better than a pattern does.
 */
export function checkAddress(input: ShippingAddress): AddressCheck {
  const problems: AddressCheck['problems'] = [];
  const country = input.country.toUpperCase();
  let state = input.state?.trim() || undefined;
  if (hasList(country)) {
    const wanted = state?.toLowerCase();
    const found = STATE_PROVINCES[country].find(
      (s) => s.value.toLowerCase() === wanted || s.text.toLowerCase() === wanted,
    );
    if (found) state = found.value;
    else
      problems.push({
        field: 'state',
        message: state ? `Unknown state or province for ${country}` : 'State is required',
      });
  }
  const postcode = input.postcode.trim();
  const pattern = POSTCODE_PATTERNS[country];
  if (postcode === '') {
    if (!NO_POSTCODE_COUNTRIES.has(country))
      problems.push({ field: 'postcode', message: 'Postcode is required' });
  } else if (pattern ? !pattern.test(postcode) : !/^[A-Za-z0-9 -]{2,10}$/.test(postcode)) {
    problems.push({ field: 'postcode', message: `Postcode does not look like a ${country} one` });
  }
  return {
    address: { ...input, country, postcode, ...(state ? { state } : { state: undefined }) },
    problems,
  };
}
