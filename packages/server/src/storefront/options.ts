import { ONE_SIZE } from '@printloom/core';
import type { StoreProduct } from '../sql/storefront.js';

/** What a buyer can pick for a product: its colours, the sizes made in them, and each cost. */
export interface SellableOptions {
  colors: string[];
  sizes: string[];
  /** Base cost (minor units) of a colour and size, or undefined when that variant is not made. */
  baseCost(color: string, size: string): number | undefined;
}

/**
 * The product's offered colours that its template makes, and the sizes of those colours in
 * catalogue order. A template without variants sells its colours in one size at its base cost.
 */
export function sellableOptions(
  product: Pick<StoreProduct, 'options' | 'variants' | 'base_cost'>,
): SellableOptions {
  const offered = product.options.color ?? [];
  const made = product.variants;
  if (made.length === 0) {
    const colors = offered.length > 0 ? offered : ['Default'];
    const cost = Math.round(product.base_cost * 100);
    return {
      colors,
      sizes: [ONE_SIZE],
      baseCost: (color, size) => (colors.includes(color) && size === ONE_SIZE ? cost : undefined),
    };
  }
  const madeColors = [...new Set(made.map((v) => v.color_name))];
  const colors = offered.length > 0 ? offered.filter((c) => madeColors.includes(c)) : madeColors;
  const shown = colors.length > 0 ? colors : madeColors;
  const sizes = [...new Set(made.filter((v) => shown.includes(v.color_name)).map((v) => v.size))];
  return {
    colors: shown,
    sizes,
    baseCost: (color, size) =>
      shown.includes(color)
        ? made.find((v) => v.color_name === color && v.size === size)?.base_cost
        : undefined,
  };
}
