import {
  formatCurrency,
  type ProductTemplate,
  type ProductVariant,
  SHIPPING_REGIONS,
  type ShippingScope,
} from '@printloom/core';

/** Cents as dollars, e.g. 1150 → '$11.50'. */
export const dollars = (cents: number) => formatCurrency(cents / 100, 'USD');

/** What a shipping scope means to a seller. */
export function scopeLabel(scope: ShippingScope): string {
  if (scope === SHIPPING_REGIONS.united_states) return 'United States';
  if (scope === SHIPPING_REGIONS.canada) return 'Canada';
  if (scope === SHIPPING_REGIONS.europe) return 'Europe';
  if (scope === SHIPPING_REGIONS.worldwide) return 'Everywhere else';
  return scope;
}

/** A cost or a range of costs, '$11.50' or '$11.50–$12.50'. */
export function costText(costs: readonly number[]): string {
  if (costs.length === 0) return '—';
  const min = Math.min(...costs);
  const max = Math.max(...costs);
  return max > min ? `${dollars(min)}–${dollars(max)}` : dollars(min);
}

/** A weight in grams as a seller reads it: '180 g', '1.5 kg'. */
export function weightText(grams: number): string {
  return grams >= 1000 ? `${(grams / 1000).toLocaleString('en-US')} kg` : `${grams} g`;
}

/** One row per size: what it costs to make and weighs, over the colours it comes in. */
export interface SizeRow {
  size: string;
  costs: number[];
  weights: number[];
  colors: number;
}

export function sizeRows(template: Pick<ProductTemplate, 'sizes' | 'variants'>): SizeRow[] {
  const bySize = new Map<string, ProductVariant[]>();
  for (const variant of template.variants) {
    bySize.set(variant.size, [...(bySize.get(variant.size) ?? []), variant]);
  }
  const order = template.sizes.length > 0 ? template.sizes : [...bySize.keys()];
  return order.map((size) => {
    const variants = bySize.get(size) ?? [];
    return {
      size,
      costs: variants.map((v) => v.base_cost),
      weights: variants.map((v) => v.weight_grams),
      colors: new Set(variants.map((v) => v.color.name)).size,
    };
  });
}

/** The distinct colours of a template's variants, in catalogue order. */
export function variantColours(template: Pick<ProductTemplate, 'variants' | 'colors'>) {
  const seen = new Map<string, { name: string; hex_code: string }>();
  for (const v of template.variants) if (!seen.has(v.color.name)) seen.set(v.color.name, v.color);
  return seen.size > 0 ? [...seen.values()] : template.colors;
}

/** The picture of a template: the first mockup's background, if it has one. */
export function previewOf(template: Pick<ProductTemplate, 'mockups'>): string | null {
  for (const mockup of template.mockups) {
    if (mockup.background) return mockup.background;
  }
  return null;
}
