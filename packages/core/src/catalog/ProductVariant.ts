import { z } from 'zod';
import { Colour } from '../color/Colour.js';

/**
 * One buyable version of a product template: a size in a colour, with what it costs the seller
 * to have it made (`base_cost`, integer minor units of USD) and its shipping weight.
 */
export const ProductVariant = z.object({
  id: z.number().int().positive(),
  size: z.string().trim().min(1, 'Size is required'),
  color: Colour,
  base_cost: z.number().int('Base cost is in whole cents').nonnegative(),
  weight_grams: z.number().int().nonnegative(),
  sku: z.string().trim().min(1, 'SKU is required'),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** The sizes of a list of variants, each once, in the order they first appear. */
export function variantSizes(variants: readonly Pick<ProductVariant, 'size'>[]): string[] {
  return [...new Set(variants.map((v) => v.size))];
}

/** The variant of a size and colour name, if the list has it. */
export function findVariant<V extends Pick<ProductVariant, 'size' | 'color'>>(
  variants: readonly V[],
  size: string,
  colorName: string,
): V | undefined {
  const name = colorName.toLowerCase();
  return variants.find((v) => v.size === size && v.color.name.toLowerCase() === name);
}

/** Lowest and highest base cost of a list of variants (undefined when empty). */
export function baseCostRange(
  variants: readonly Pick<ProductVariant, 'base_cost'>[],
): { min: number; max: number } | undefined {
  if (variants.length === 0) return undefined;
  const costs = variants.map((v) => v.base_cost);
  return { min: Math.min(...costs), max: Math.max(...costs) };
}
