/** Default base currency and locale (spec §9). */
export const DEFAULT_CURRENCY_CODE = 'USD';
export const DEFAULT_CURRENCY_LOCALE = 'en-US';
/** Decimals a price is rounded to; whole amounts show none (spec §5). */
export const CURRENCY_DECIMALS = 2;
/**
 * Currencies whose sign is a bare '$' like the US dollar, so the code goes before the price
 * (spec §5 names AUD, CAD and MXN "such as"; the other dollar currencies a seller can pick
 * share the ambiguity and get the same treatment).
 */
export const CODE_PREFIXED_CURRENCIES = ['AUD', 'CAD', 'MXN', 'NZD', 'SGD', 'HKD'] as const;
