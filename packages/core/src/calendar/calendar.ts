import { z } from 'zod';
import { POD_REGIONS } from './podSeason.js';

export const CALENDAR_EVENT_KINDS = [
  'campaign_launch',
  'promotion_start',
  'promotion_end',
  'email_campaign',
  'holiday',
  'last_order',
] as const;
export const CalendarEventKind = z.enum(CALENDAR_EVENT_KINDS);
export type CalendarEventKind = z.infer<typeof CalendarEventKind>;

/** Rows of each of the seller's kinds a month answers at most (a busy month of launches). */
export const CALENDAR_KIND_LIMIT = 500;

export const CalendarQuery = z.object({
  /** The month, YYYY-MM; none: the user's current month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month written YYYY-MM')
    .optional(),
});
export type CalendarQuery = z.input<typeof CalendarQuery>;

export const CalendarEvent = z.object({
  /** The user's day, YYYY-MM-DD. */
  date: z.string(),
  kind: CalendarEventKind,
  title: z.string(),
  /** The campaign or promotion the event belongs to. */
  ref_id: z.number().int().nullable(),
  /** Shipping region of a last order day. */
  region: z.enum(POD_REGIONS).nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const CalendarMonth = z.object({
  month: z.string(),
  /** The user's today. */
  today: z.string(),
  events: z.array(CalendarEvent),
});
export type CalendarMonth = z.infer<typeof CalendarMonth>;
