import type { CartLine } from './pages.js';

/**
 * A checkout's items back as cart lines (a recovery link): the items of one combo set (same
 * bundle id) become one set line again at the set's unit price, so the cart checks out as the
 * set it was. `lines` are the items as plain lines, in the same order.
 */
export function restoredSets(
  items: readonly { bundle_id?: string | null; product_id: number; name: string }[],
  lines: readonly CartLine[],
): CartLine[] {
  const out: CartLine[] = [];
  const sets = new Map<string, CartLine>();
  items.forEach((item, i) => {
    const line = lines[i];
    if (!line) return;
    if (!item.bundle_id) {
      out.push(line);
      return;
    }
    const pick = {
      product_id: line.product_id,
      name: line.name,
      color: line.color,
      size: line.size,
    };
    const set = sets.get(item.bundle_id);
    if (!set) {
      const first: CartLine = { ...line, set: [pick], name: `Set: ${line.name}` };
      sets.set(item.bundle_id, first);
      out.push(first);
      return;
    }
    set.set = [...(set.set ?? []), pick];
    set.color = set.set.map((p) => p.color).join(' / ');
    set.size = set.set.map((p) => p.size).join(' / ');
    set.name = `Set: ${set.set.map((p) => p.name).join(' + ')}`;
    set.price = Math.round((set.price + line.price) * 100) / 100;
  });
  return out;
}
