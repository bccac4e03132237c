/**
 * Pairs each template product with its copy in the new campaign: same template, in order (the
 * server copies products in id order). Designs saved under the template's product ids would
 * belong to no product of the new campaign.
 */
export function pairCopiedProducts(
  template: readonly { id: number; template_id: number }[],
  copies: readonly { id: number; template_id: number }[],
): Map<number, number> {
  const left = [...copies];
  const pairs = new Map<number, number>();
  for (const product of template) {
    const at = left.findIndex((copy) => copy.template_id === product.template_id);
    if (at === -1) {
      throw new Error(`The new campaign has no copy of product ${product.id}`);
    }
    pairs.set(product.id, left[at]!.id);
    left.splice(at, 1);
  }
  return pairs;
}
