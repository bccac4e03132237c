import { z } from 'zod';
import { PbTokenAnswer } from '../api/shellSchemas.js';
import { Coupon, EmailSender, KlaviyoSettings } from '../api/storeSchemas.js';
import { type SITE_SETTING_KEYS, STATE_LIST_COUNTRIES } from './constants.js';

/** The seller's current store as the shell needs it (spec §3 "Store: base_url"). */
export const Store = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().optional(),
  domain: z.string().nullable().optional(),
  /** The storefront's address; empty or missing when the store has none yet. */
  base_url: z.string().nullable().optional(),
});
export type Store = z.infer<typeof Store>;

/** Site settings (spec §3): fee amounts and the compare-at price rate, as numbers. */
export const SiteSettings = z.object({
  processing_fee: z.number().nonnegative(),
  processing_fee_min: z.number().nonnegative(),
  compare_price_rate: z.number().nonnegative(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/**
 * Platform site configuration (spec §3). The spec does not repeat the defaults of the two
 * domains, so both are required: a deployment names its own preview and marketplace hosts.
 */
export const SiteConfig = z.object({
  preview_domain: z.string().min(1),
  market_place_domain: z.string().min(1),
  settings: SiteSettings.partial().optional(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** White-label branding of a dashboard host (spec §3). */
export const Branding = z.object({
  domain: z.string().min(1),
  title: z.string().min(1),
  logo_bright: z.string().nullable().optional(),
  logo_dark: z.string().nullable().optional(),
  logo_alt: z.string().nullable().optional(),
  dashboard_domain: z.string().nullable().optional(),
});
export type Branding = z.infer<typeof Branding>;

/** One state or province of a country's list (spec §3: text and value). */
export const StateProvince = z.object({ text: z.string().min(1), value: z.string().min(1) });
export type StateProvince = z.infer<typeof StateProvince>;
export const StateListCountry = z.enum(STATE_LIST_COUNTRIES);
export type StateListCountry = z.infer<typeof StateListCountry>;
/** State and province lists of US, AU, NZ, IT, CA and BR (spec §3). */
export const StateProvinceLists = z.partialRecord(StateListCountry, z.array(StateProvince));
export type StateProvinceLists = z.infer<typeof StateProvinceLists>;

/** Access to the personalisation design tool (spec §3): the same shape `get-pb-token` answers. */
export const DesignToolAccess = PbTokenAnswer;
export type DesignToolAccess = z.infer<typeof DesignToolAccess>;

/**
 * Everything the dashboard keeps per store (spec §3 Store-level state). Klaviyo settings, email
 * sender and coupon are the API's own schemas, so the state holds what the calls answer.
 */
export const StoreLevelState = z.object({
  store: Store.nullable().default(null),
  klaviyo: KlaviyoSettings.nullable().default(null),
  email_sender: EmailSender.nullable().default(null),
  coupons: z.array(Coupon).default([]),
  states: StateProvinceLists.default({}),
  design_tool: DesignToolAccess.nullable().default(null),
  branding: Branding.nullable().default(null),
  site_config: SiteConfig.nullable().default(null),
});
export type StoreLevelState = z.infer<typeof StoreLevelState>;
