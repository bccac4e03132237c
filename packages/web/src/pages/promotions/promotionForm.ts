import {
  fromUserDateTimeInput,
  type Promotion,
  PromotionBody,
  toMajor,
  toMinor,
  toUserDateTimeInput,
} from '@printloom/core';
import { z } from 'zod';

/**
 * The promotion editor's fields as the inputs hold them: amounts in major units ("5.50"), dates
 * as `datetime-local` text in the user's utc_offset, numbers as text. `toPromotionBody` turns them
 * into the API body (minor units, UTC instants) and the form is checked by the API's own
 * `PromotionBody` rules, their messages landing on the same fields.
 */
export const PROMOTION_FORM_FIELDS = [
  'store_id',
  'code',
  'name',
  'type',
  'value',
  'buy_quantity',
  'get_quantity',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_buyer_limit',
  'min_subtotal',
] as const;

const text = z.string();
const NOT_A_NUMBER = 'Enter a number.';

const number = (value: string): number | null | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
};

export function promotionFormSchema(utcOffset: number) {
  return z
    .object({
      store_id: text,
      code: text,
      name: text,
      type: z.enum(['percent', 'fixed', 'free_shipping', 'bogo']),
      value: text,
      buy_quantity: text,
      get_quantity: text,
      starts_at: text,
      ends_at: text,
      usage_limit: text,
      per_buyer_limit: text,
      min_subtotal: text,
      campaign_ids: z.array(z.number()),
      collection_ids: z.array(z.number()),
    })
    .superRefine((values, ctx) => {
      for (const field of [
        'value',
        'buy_quantity',
        'get_quantity',
        'usage_limit',
        'per_buyer_limit',
        'min_subtotal',
      ] as const) {
        if (number(values[field]) === undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: NOT_A_NUMBER });
        }
      }
      if (values.store_id === '') {
        ctx.addIssue({ code: 'custom', path: ['store_id'], message: 'Choose a store.' });
        return;
      }
      const parsed = PromotionBody.safeParse(toPromotionBody(values, utcOffset));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
      }
    });
}
export type PromotionFormValues = z.input<ReturnType<typeof promotionFormSchema>>;

/** The API body of the editor's fields (the schema has checked them). */
export function toPromotionBody(values: PromotionFormValues, utcOffset: number): PromotionBody {
  const whole = (field: keyof PromotionFormValues & string) => {
    const n = number(values[field] as string);
    return n === undefined || n === null ? null : n;
  };
  const money = (field: 'value' | 'min_subtotal') => {
    const n = whole(field);
    return n === null ? null : toMinor(n);
  };
  const value =
    values.type === 'fixed' ? money('value') : values.type === 'free_shipping' ? 0 : whole('value');
  const bogo = values.type === 'bogo';
  return {
    store_id: Number(values.store_id),
    code: values.code,
    name: values.name.trim() === '' ? null : values.name,
    type: values.type,
    value: value ?? 0,
    buy_quantity: bogo ? whole('buy_quantity') : null,
    get_quantity: bogo ? whole('get_quantity') : null,
    starts_at: fromUserDateTimeInput(values.starts_at, utcOffset),
    ends_at: fromUserDateTimeInput(values.ends_at, utcOffset),
    usage_limit: whole('usage_limit'),
    per_buyer_limit: whole('per_buyer_limit'),
    min_subtotal: money('min_subtotal'),
    campaign_ids: values.campaign_ids,
    collection_ids: values.collection_ids,
  };
}

/** The editor's fields for a promotion, or empty ones for a new promotion of `storeId`. */
export function promotionFormValues(
  promotion: Promotion | null,
  storeId: number | null,
  utcOffset: number,
): PromotionFormValues {
  const textOf = (n: number | null) => (n === null ? '' : String(n));
  if (!promotion) {
    return {
      store_id: storeId === null ? '' : String(storeId),
      code: '',
      name: '',
      type: 'percent',
      value: '10',
      buy_quantity: '1',
      get_quantity: '1',
      starts_at: '',
      ends_at: '',
      usage_limit: '',
      per_buyer_limit: '',
      min_subtotal: '',
      campaign_ids: [],
      collection_ids: [],
    };
  }
  return {
    store_id: promotion.store_id === null ? '' : String(promotion.store_id),
    code: promotion.code,
    name: promotion.name ?? '',
    type: promotion.type,
    value: promotion.type === 'fixed' ? String(toMajor(promotion.value)) : String(promotion.value),
    buy_quantity: textOf(promotion.buy_quantity ?? 1),
    get_quantity: textOf(promotion.get_quantity ?? 1),
    starts_at: promotion.starts_at ? toUserDateTimeInput(promotion.starts_at, utcOffset) : '',
    ends_at: promotion.ends_at ? toUserDateTimeInput(promotion.ends_at, utcOffset) : '',
    usage_limit: textOf(promotion.usage_limit),
    per_buyer_limit: textOf(promotion.per_buyer_limit),
    min_subtotal: promotion.min_subtotal === null ? '' : String(toMajor(promotion.min_subtotal)),
    campaign_ids: promotion.campaign_ids,
    collection_ids: promotion.collection_ids,
  };
}
