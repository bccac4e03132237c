import { z } from 'zod';

/** Number of abandoned-checkout reminder emails: 1 to 3. */
export const ABANDONED_CHECKOUT_EMAILS = [1, 2, 3] as const;
export const AbandonedCheckoutEmail = z.literal(ABANDONED_CHECKOUT_EMAILS);
export type AbandonedCheckoutEmail = z.infer<typeof AbandonedCheckoutEmail>;

export const WEBHOOK_TARGETS = ['discord', 'slack', 'ms_teams', 'custom'] as const;
export const WebhookTarget = z.enum(WEBHOOK_TARGETS);
export type WebhookTarget = z.infer<typeof WebhookTarget>;

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.changed.tracking',
  'order.changed.status',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const MAIL_DRIVERS = ['smtp', 'mailgun', 'ses'] as const;
export const MailDriver = z.enum(MAIL_DRIVERS);
export type MailDriver = z.infer<typeof MailDriver>;

export const DATE_RANGE_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'this_month',
  'last_7_days',
  'last_14_days',
  'last_week',
  'last_30_days',
  'last_month',
  'custom',
] as const;
export const DateRangePreset = z.enum(DATE_RANGE_PRESETS);
export type DateRangePreset = z.infer<typeof DateRangePreset>;

/**
 * Shipping regions (spec §3). Europe is the UN M49 region code 150 and worldwide is '*', as the
 * spec gives them; the two countries use their ISO 3166 codes.
 */
export const SHIPPING_REGIONS = {
  europe: '150',
  united_states: 'US',
  canada: 'CA',
  worldwide: '*',
} as const;
export type ShippingRegionName = keyof typeof SHIPPING_REGIONS;
export const ShippingRegion = z.enum(['150', 'US', 'CA', '*']);
export type ShippingRegion = z.infer<typeof ShippingRegion>;

export const SCOPE_LEVELS = [
  'country',
  'region',
  'sub_region',
  'intermediate_region',
  'worldwide',
] as const;
export const ScopeLevel = z.enum(SCOPE_LEVELS);
export type ScopeLevel = z.infer<typeof ScopeLevel>;

export const MENU_POSITIONS = ['header', 'footer', 'side_column'] as const;
export const MenuPosition = z.enum(MENU_POSITIONS);
export type MenuPosition = z.infer<typeof MenuPosition>;

/** Stop-and-repeat choices of a notification channel, worded as the spec lists them. */
export const STOP_AND_REPEAT_OPTIONS = [
  'disabled',
  'until end time',
  'every 15 minutes',
  'hourly',
  'daily',
  'weekly',
] as const;
export const StopAndRepeatOption = z.enum(STOP_AND_REPEAT_OPTIONS);
export type StopAndRepeatOption = z.infer<typeof StopAndRepeatOption>;
