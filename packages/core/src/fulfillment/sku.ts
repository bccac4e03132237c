/**
 * A SKU names one variant of one of the seller's campaign products: `P{product id}-{colour}-{size}`,
 * the colour and size as the catalogue writes them (`P42-Black-XL`, `P42-Heather Grey-2XL`,
 * `P7-White-One size`). Sizes never hold a dash, so the last dash ends the colour. Matching
 * ignores case and surrounding spaces. The campaign page shows each product's SKUs.
 */
export interface Sku {
  productId: number;
  color: string;
  size: string;
}

const SKU_PATTERN = /^P(\d{1,15})-(.+)-([^-]+)$/i;

export function formatSku(productId: number, color: string, size: string): string {
  return `P${productId}-${color}-${size}`;
}

/** The parts of a SKU, or null when it does not have the shape. */
export function parseSku(text: string): Sku | null {
  const match = SKU_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, id = '', color = '', size = ''] = match;
  const productId = Number(id);
  if (!Number.isSafeInteger(productId) || productId <= 0) return null;
  if (!color.trim() || !size.trim()) return null;
  return { productId, color: color.trim(), size: size.trim() };
}
