import { z } from 'zod';

/**
 * Stock base costs (spec §2 /product/stock-base-cost): what each product template costs to make
 * per variant (size × colour), and to ship per region, in minor units of the catalogue currency.
 * These are the numbers every profit figure uses.
 */
export const StockBaseCostQuery = z.object({
  q: z.string().trim().max(255).optional(),
  template_id: z.coerce.number().int().positive().optional(),
});
export type StockBaseCostQuery = z.infer<typeof StockBaseCostQuery>;

export const StockBaseCost = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  currency: z.string(),
  variants: z.array(
    z.object({
      sku: z.string(),
      size: z.string(),
      color: z.string(),
      color_hex: z.string(),
      base_cost: z.number().int(),
    }),
  ),
  /** Shipping per scope: a country code, '150' for Europe or '*' for the rest of the world. */
  shipping: z.array(
    z.object({
      scope: z.string(),
      first_item: z.number().int(),
      additional_item: z.number().int(),
    }),
  ),
});
export type StockBaseCost = z.infer<typeof StockBaseCost>;
