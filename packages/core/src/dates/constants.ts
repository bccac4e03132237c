import { DATE_RANGE_PRESETS } from '../enums/settings.js';

/** Every range `dateRange` knows: the spec §3 presets plus 'lifetime' (spec §9). */
export const DATE_RANGE_NAMES = [...DATE_RANGE_PRESETS, 'lifetime'] as const;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Offsets real time zones use, in hours (UTC−12 to UTC+14). */
export const UTC_OFFSET_MIN = -12;
export const UTC_OFFSET_MAX = 14;
/** Days each rolling range covers, today included. */
export const ROLLING_RANGE_DAYS = { last_7_days: 7, last_14_days: 14, last_30_days: 30 } as const;
