import { randomUUID } from 'node:crypto';
import { bundleLinePrices, type CheckoutItem, COMBO_MESSAGES } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { unprocessable } from '../http/errors.js';
import { comboBundlePrices } from '../sql/combo.js';
import type { CheckoutLineRow } from '../sql/orders.js';
import type { StoreProduct } from '../sql/storefront.js';

/**
 * Prices the sets of combo campaigns in a cart whose lines are already checked (one line per
 * item, same order). The items of a combo come as sets: those of one campaign sharing a
 * `bundle` number hold one of each of its products in the same quantity. Each set's lines are
 * priced from the bundle price (split to the cent, each at least its base cost; core
 * bundleLinePrices) and share a new bundle id, which the order items keep. Lines of other
 * campaigns are left as they are. Throws a 422 naming the items of a broken set.
 */
export async function priceComboSets(
  db: Queryable,
  sellerId: number,
  items: readonly CheckoutItem[],
  lines: CheckoutLineRow[],
  products: readonly (Pick<StoreProduct, 'id' | 'name'> & { campaign_id: number })[],
): Promise<void> {
  const bundles = await comboBundlePrices(db, sellerId, [
    ...new Set(lines.map((l) => l.campaign_id)),
  ]);
  if (bundles.size === 0) return;
  const errors: Record<string, string[]> = {};
  const sets = new Map<string, number[]>();
  items.forEach((item, i) => {
    if (!bundles.has(item.campaign_id)) return;
    if (item.bundle === undefined) {
      errors[`items.${i}.bundle`] = [COMBO_MESSAGES.notASet];
      return;
    }
    const key = `${item.campaign_id}:${item.bundle}`;
    sets.set(key, [...(sets.get(key) ?? []), i]);
  });
  for (const indices of sets.values()) {
    const first = indices[0] ?? 0;
    const campaignId = items[first]?.campaign_id ?? 0;
    const bundlePrice = bundles.get(campaignId);
    const members = products.filter((p) => p.campaign_id === campaignId);
    const picked = indices.map((i) => items[i]?.product_id);
    const quantity = items[first]?.quantity;
    const whole =
      picked.length === members.length &&
      members.every((m) => picked.filter((id) => id === m.id).length === 1) &&
      indices.every((i) => items[i]?.quantity === quantity);
    if (bundlePrice === null || bundlePrice === undefined) {
      errors[`items.${first}.bundle`] = ['This set is not on sale yet.'];
      continue;
    }
    if (!whole) {
      errors[`items.${first}.bundle`] = [COMBO_MESSAGES.incompleteSet(members.map((m) => m.name))];
      continue;
    }
    const setLines = indices.map((i) => lines[i]).filter((l) => l !== undefined);
    const prices = bundleLinePrices(bundlePrice, setLines);
    const bundleId = randomUUID();
    setLines.forEach((line, k) => {
      line.price = prices[k] ?? 0;
      line.bundle_id = bundleId;
    });
  }
  const message = Object.values(errors)[0]?.[0];
  if (message) throw unprocessable(message, errors);
}
