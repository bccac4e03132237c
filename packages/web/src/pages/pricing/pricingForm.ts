import {
  ADJUST_UNITS,
  BulkPriceBody as Body,
  type BulkPriceBody,
  PriceMode,
  toMinor,
} from '@printloom/core';
import { z } from 'zod';

/**
 * The Pricing form as its inputs hold it: the change as text (an amount in the store currency,
 * "2.50" or "-1", or a whole percent). `toBulkPriceBody` makes the API body (minor units); the
 * form is checked by the API's `BulkPriceBody` rules, their messages on the same fields.
 */
export const pricingFormSchema = z
  .object({ mode: PriceMode, unit: z.enum(ADJUST_UNITS), value: z.string() })
  .superRefine((values, ctx) => {
    if (values.mode === 'custom_price') return;
    if (values.value.trim() === '' || !Number.isFinite(Number(values.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a number.' });
      return;
    }
    if (
      values.unit === 'percent' &&
      values.mode === 'adjust_price' &&
      !Number.isInteger(Number(values.value))
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent is a whole number.' });
      return;
    }
    // One campaign stands for the choice made elsewhere on the page: only the value is checked here.
    const parsed = Body.safeParse(toBulkPriceBody(values, [1], []));
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.path[0] === 'value')
        ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
    }
  });
export type PricingFormValues = z.input<typeof pricingFormSchema>;

/** The API body of the form, the chosen campaigns and (custom prices) the typed prices. */
export function toBulkPriceBody(
  values: PricingFormValues,
  campaignIds: number[],
  prices: { product_id: number; variant?: string; price: number }[],
): BulkPriceBody {
  if (values.mode === 'custom_price') {
    return { campaign_ids: campaignIds, mode: 'custom_price', prices };
  }
  const n = Number(values.value);
  const percent = values.mode === 'adjust_price' && values.unit === 'percent';
  return {
    campaign_ids: campaignIds,
    mode: values.mode,
    value: percent ? n : toMinor(n),
    ...(values.mode === 'adjust_price' ? { unit: values.unit } : {}),
  };
}
