import { describe, expect, it } from 'vitest';
import { pairCopiedProducts } from './pairCopiedProducts.js';

describe("a regular job's designs go to the new campaign's products", () => {
  it('pairs each template product with its copy by template, in order', () => {
    const template = [
      { id: 1, template_id: 101 },
      { id: 2, template_id: 201 },
      { id: 3, template_id: 101 },
    ];
    const copies = [
      { id: 11, template_id: 101 },
      { id: 12, template_id: 201 },
      { id: 13, template_id: 101 },
    ];
    expect([...pairCopiedProducts(template, copies)]).toEqual([
      [1, 11],
      [2, 12],
      [3, 13],
    ]);
  });

  it('refuses a campaign that lacks a copy, rather than saving designs nowhere', () => {
    expect(() =>
      pairCopiedProducts([{ id: 1, template_id: 101 }], [{ id: 11, template_id: 102 }]),
    ).toThrow('The new campaign has no copy of product 1');
  });
});
