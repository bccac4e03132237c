import { z } from 'zod';
import { DateRangePreset } from '../enums/settings.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date written YYYY-MM-DD');

/** A list's `time` filter: a date range preset, or 'custom' with its own `from` and `to` days. */
export const timeFilterFields = {
  time: DateRangePreset.optional(),
  from: day.optional(),
  to: day.optional(),
};

type TimeFilter = { time?: string | undefined; from?: string | undefined; to?: string | undefined };

/** 'custom' needs both days, in order; a preset takes none. */
export function checkTimeFilter(value: TimeFilter, ctx: z.RefinementCtx): void {
  if (value.time === 'custom') {
    if (!value.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date' });
    if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date' });
    if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date is before the start date',
      });
    }
  } else if (value.from || value.to) {
    ctx.addIssue({ code: 'custom', path: ['time'], message: "Dates need time 'custom'" });
  }
}
