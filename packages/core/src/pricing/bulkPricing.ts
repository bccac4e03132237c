import { z } from 'zod';
import { paginated } from '../api/pagination.js';
import { PriceMode } from '../enums/billing.js';

/**
 * Bulk price changes (spec §2 /pricing, issue 14): one change across many campaigns, previewed
 * before it is applied, recorded product by product. Prices are integer minor units.
 *
 * Modes (spec §3 price modes, `enums/billing.ts`):
 * - `adjust_price`: add `value` to every price, as an amount (`unit: 'amount'`, minor units,
 *   negative lowers) or a percent of the price (`unit: 'percent'`, -99 to 1000).
 * - `fixed_price`: every product sells at `value`.
 * - `custom_price`: each product named in `prices` sells at its own price; others stay. A price
 *   naming a `variant` (a size of the product's template, e.g. "2XL") is that size's own price
 *   (migration 062); checkout sells the size at it, the product's price covers the other sizes.
 *
 * A size with its own price is a row of its own in the preview and in the record of changes:
 * adjust_price moves it like the product's price, fixed_price sets it to the fixed price.
 *
 * No product may sell below its base cost: a size with its own price against that size's base
 * cost, the product's price against the dearest size it covers (the template's own base cost
 * without sizes). A change that would is refused naming those rows; the preview marks them.
 */
export const ADJUST_UNITS = ['amount', 'percent'] as const;

export const BULK_PRICING_CAMPAIGNS_MAX = 500;
/** The highest price a product may be given: 100,000.00 in the store currency. */
export const PRICE_MAX = 10_000_000;
export const ADJUST_PERCENT_MIN = -99;
export const ADJUST_PERCENT_MAX = 1000;

export const PRICING_MESSAGES = {
  valueRequired: 'Enter the price or the change.',
  percentRange: `A percent change is from ${ADJUST_PERCENT_MIN} to ${ADJUST_PERCENT_MAX}.`,
  fixedRange: 'A price is above 0.',
  pricesRequired: 'Give a price for at least one product.',
  foreignCampaign: 'Some of these campaigns are not yours.',
  foreignProduct: 'Some of these products are not in the chosen campaigns.',
  foreignVariant: 'Some of these sizes are not sizes of their product.',
  belowBaseCost: 'These products would sell below their base cost',
  updated: 'Prices updated.',
} as const;

export const CustomPrice = z.object({
  product_id: z.number().int().positive(),
  /** A size of the product (its own price); none: the product's price. */
  variant: z.string().trim().min(1).max(40).optional(),
  price: z.number().int().min(1).max(PRICE_MAX),
});
export type CustomPrice = z.infer<typeof CustomPrice>;

/** `POST /seller/pricing/bulk-update`. */
export const BulkPriceBody = z
  .object({
    campaign_ids: z
      .array(z.number().int().positive())
      .min(1, 'Choose at least one campaign.')
      .max(BULK_PRICING_CAMPAIGNS_MAX)
      .overwrite((ids) => [...new Set(ids)]),
    mode: PriceMode,
    /** adjust_price: the change; fixed_price: the price. Minor units, or a percent. */
    value: z.number().int().min(-PRICE_MAX).max(PRICE_MAX).optional(),
    /** adjust_price only: whether `value` is an amount (default) or a percent. */
    unit: z.enum(ADJUST_UNITS).optional(),
    /** custom_price only. */
    prices: z.array(CustomPrice).max(5000).optional(),
    /** Answer the before and after prices without saving. */
    preview: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'custom_price' && body.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES.valueRequired });
    }
    if (body.mode === 'fixed_price' && body.value !== undefined && body.value < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES.fixedRange });
    }
    if (
      body.mode === 'adjust_price' &&
      body.unit === 'percent' &&
      body.value !== undefined &&
      (body.value < ADJUST_PERCENT_MIN || body.value > ADJUST_PERCENT_MAX)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES.percentRange });
    }
    if (body.mode === 'custom_price' && (body.prices ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['prices'], message: PRICING_MESSAGES.pricesRequired });
    }
  });
export type BulkPriceBody = z.input<typeof BulkPriceBody>;
export type BulkPriceChange = z.output<typeof BulkPriceBody>;

export const PricePreviewRow = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** The size whose own price this row is; null: the product's price. */
  variant: z.string().nullable().default(null),
  /** Product rows: the sizes of the product, any of which may be given its own price. */
  sizes: z.array(z.string()).optional(),
  base_cost: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  below_base_cost: z.boolean(),
});
export type PricePreviewRow = z.infer<typeof PricePreviewRow>;

export const BulkPriceAnswer = z.object({
  /** Products whose price changed (0 in a preview). */
  updated: z.number().int(),
  preview: z.boolean(),
  rows: z.array(PricePreviewRow),
});
export type BulkPriceAnswer = z.infer<typeof BulkPriceAnswer>;

export const PriceChangeListQuery = z.object({
  campaign_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type PriceChangeListQuery = z.input<typeof PriceChangeListQuery>;

export const PriceChange = z.object({
  id: z.number().int(),
  batch_id: z.string(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  /** The size whose own price changed; null: the product's price. */
  variant: z.string().nullable().default(null),
  mode: PriceMode,
  before: z.number().int(),
  after: z.number().int(),
  /** Who made the change (a team member or an admin acting for the seller, or the seller). */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type PriceChange = z.infer<typeof PriceChange>;
export const PriceChangePage = paginated(PriceChange);

/** A size of a product: its base cost and its own price when it has one (minor units). */
export interface PricedVariant {
  variant: string;
  base_cost: number;
  price: number | null;
}

/** A product as the planner sees it: its price and base cost in minor units. */
export interface PricedProduct {
  campaign_id: number;
  campaign_name: string;
  product_id: number;
  product_name: string;
  price: number;
  /** The dearest size's base cost (the template's own without sizes). */
  base_cost: number;
  /** The sizes of its template; none known: the product's price and base cost only. */
  variants?: readonly PricedVariant[];
}

/** Where a custom price names a product or a size that is not among `products`: the bad ones. */
export function unknownCustomPrices(
  products: readonly PricedProduct[],
  prices: readonly CustomPrice[],
): { products: CustomPrice[]; variants: CustomPrice[] } {
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const out = { products: [] as CustomPrice[], variants: [] as CustomPrice[] };
  for (const price of prices) {
    const product = byId.get(price.product_id);
    if (!product) out.products.push(price);
    else if (
      price.variant !== undefined &&
      !(product.variants ?? []).some((v) => v.variant === price.variant)
    ) {
      out.variants.push(price);
    }
  }
  return out;
}

/**
 * The new price of every product under a change (custom prices name only some products; the
 * others keep theirs), then of each size that has or is given its own price. Percent changes
 * round half up to the minor unit; no price goes below 0.
 */
export function planPriceChange(
  products: readonly PricedProduct[],
  change: Pick<BulkPriceChange, 'mode' | 'value' | 'unit' | 'prices'>,
): PricePreviewRow[] {
  const key = (productId: number, variant: string | null) => `${productId}\u0000${variant ?? ''}`;
  const custom = new Map(
    (change.prices ?? []).map((p) => [key(p.product_id, p.variant ?? null), p.price]),
  );
  const value = change.value ?? 0;
  const moved = (price: number, productId: number, variant: string | null) => {
    let after = price;
    if (change.mode === 'fixed_price') after = value;
    else if (change.mode === 'custom_price') after = custom.get(key(productId, variant)) ?? price;
    else if (change.unit === 'percent') after = Math.round((price * (100 + value)) / 100);
    else after = price + value;
    return Math.min(Math.max(after, 0), PRICE_MAX);
  };
  const rows: PricePreviewRow[] = [];
  for (const product of products) {
    const variantRows: PricePreviewRow[] = [];
    for (const v of product.variants ?? []) {
      const named = custom.has(key(product.product_id, v.variant));
      if (v.price === null && !named) continue;
      const before = v.price ?? product.price;
      const after = moved(before, product.product_id, v.variant);
      variantRows.push({
        campaign_id: product.campaign_id,
        campaign_name: product.campaign_name,
        product_id: product.product_id,
        product_name: product.product_name,
        variant: v.variant,
        base_cost: v.base_cost,
        before,
        after,
        below_base_cost: after < v.base_cost,
      });
    }
    // The product's price covers the sizes without their own price: its base cost is theirs.
    const own = new Set(variantRows.map((r) => r.variant));
    const covered = (product.variants ?? []).filter((v) => !own.has(v.variant));
    const baseCost =
      (product.variants ?? []).length === 0
        ? product.base_cost
        : covered.reduce((max, v) => Math.max(max, v.base_cost), 0);
    const after = moved(product.price, product.product_id, null);
    rows.push(
      {
        campaign_id: product.campaign_id,
        campaign_name: product.campaign_name,
        product_id: product.product_id,
        product_name: product.product_name,
        variant: null,
        ...(product.variants ? { sizes: product.variants.map((v) => v.variant) } : {}),
        base_cost: baseCost,
        before: product.price,
        after,
        below_base_cost: after < baseCost,
      },
      ...variantRows,
    );
  }
  return rows;
}
