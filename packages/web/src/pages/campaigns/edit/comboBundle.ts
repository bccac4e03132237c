import {
  type CheckoutFees,
  COMBO_MAX_PRODUCTS,
  COMBO_MESSAGES,
  COMBO_MIN_PRODUCTS,
  type ComboMinimum,
  comboMinimumPrice,
  comboSaving,
  type ProductTemplate,
} from '@printloom/core';
import { type CampaignFormValues, type FormErrors, highestBaseCost } from './campaignForm.js';

/**
 * The bundle of a combo campaign as the editor shows it (spec §3 type combo): the products of
 * the set with their own prices, what they cost apart, the least the set may sell for (core
 * comboMinimumPrice: base costs plus the site's fees) and what the bundle price saves. Amounts
 * in minor units (cents).
 */
export interface ComboSummary {
  products: { templateId: number; name: string; price: number | null }[];
  separate: number;
  minimum: ComboMinimum;
  bundle: number | null;
  saving: number;
}

/** A price typed in dollars as cents; null when it is not a price with at most 2 decimals. */
export function centsOf(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

export function comboSummary(
  values: CampaignFormValues,
  templates: ReadonlyMap<number, ProductTemplate>,
  fees: CheckoutFees,
): ComboSummary {
  const products = values.products.map((p) => ({
    templateId: p.templateId,
    name: templates.get(p.templateId)?.name ?? `Product ${p.templateId}`,
    price: centsOf(p.price),
  }));
  const costs = values.products.map((p) => {
    const template = templates.get(p.templateId);
    return template ? Math.round(highestBaseCost(template, p.colors) * 100) : 0;
  });
  const separate = products.reduce((sum, p) => sum + (p.price ?? 0), 0);
  const bundle = centsOf(values.bundlePrice ?? '');
  return {
    products,
    separate,
    minimum: comboMinimumPrice(costs, fees),
    bundle,
    saving: bundle === null ? 0 : comboSaving([separate], bundle),
  };
}

/**
 * The combo rules on the form, as the server checks them: at most {@link COMBO_MAX_PRODUCTS}
 * products, a bundle price no lower than the minimum, and to launch at least
 * {@link COMBO_MIN_PRODUCTS} products and a bundle price.
 */
export function comboFormErrors(
  values: CampaignFormValues,
  templates: ReadonlyMap<number, ProductTemplate>,
  fees: CheckoutFees,
  launching: boolean,
): FormErrors {
  const errors: FormErrors = {};
  const count = values.products.length;
  if (count > COMBO_MAX_PRODUCTS) errors.products = COMBO_MESSAGES.tooMany;
  else if (launching && count < COMBO_MIN_PRODUCTS) errors.products = COMBO_MESSAGES.tooFew;
  const text = (values.bundlePrice ?? '').trim();
  if (text === '') {
    if (launching) errors.bundle_price = COMBO_MESSAGES.noPrice;
    return errors;
  }
  const summary = comboSummary(values, templates, fees);
  if (summary.bundle === null)
    errors.bundle_price = 'Write the bundle price as a number with at most 2 decimals, e.g. 39.99.';
  else if (summary.bundle < summary.minimum.minimum)
    errors.bundle_price = COMBO_MESSAGES.belowMinimum(summary.minimum);
  return errors;
}
