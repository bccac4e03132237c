import { describe, expect, it } from 'vitest';
import { planPrintFiles, productPrintSpace, usableDesign } from './printFiles.js';

const design = (name: string, objects: unknown[] = [text]) =>
  JSON.stringify({
    printSpace: { id: `7_${name}`, name, width: 300, height: 400 },
    objects,
  });
const text = { type: 'text', id: 't1', left: 150, top: 200, width: 200, height: 100, text: 'Hi' };
const spaces = JSON.stringify([
  { name: 'front', width: 1200, height: 1600 },
  { name: 'back', width: 900, height: 900 },
]);

describe('planPrintFiles', () => {
  it("draws each usable design at the product's print space size", () => {
    const plan = planPrintFiles([
      {
        id: 1,
        print_spaces: spaces,
        designs: [
          { print_space: 'front', design_json: design('front') },
          { print_space: 'back', design_json: design('back') },
        ],
        designer_files: [],
      },
    ]);
    expect(plan.needs_design).toEqual([]);
    expect(plan.files.map((f) => [f.print_space, f.width, f.height])).toEqual([
      ['front', 1200, 1600],
      ['back', 900, 900],
    ]);
  });

  it('falls back to the design print space when the product has none of that name', () => {
    const plan = planPrintFiles([
      {
        id: 1,
        print_spaces: null,
        designs: [{ print_space: 'front', design_json: design('front') }],
        designer_files: [],
      },
    ]);
    expect(plan.files[0]).toMatchObject({ width: 300, height: 400 });
  });

  it('sends items without a usable design to a designer', () => {
    const plan = planPrintFiles([
      { id: 1, print_spaces: spaces, designs: [], designer_files: [] },
      {
        id: 2,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: null }],
        designer_files: [],
      },
      {
        id: 3,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: '{oops' }],
        designer_files: [],
      },
      {
        id: 4,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: design('front', []) }],
        designer_files: [],
      },
      {
        id: 5,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: design('front') }],
        designer_files: [],
      },
    ]);
    expect(plan.needs_design).toEqual([1, 2, 3, 4]);
    expect(plan.files.map((f) => f.item_id)).toEqual([5]);
  });

  it("keeps a designer's finished file and does not draw that print space again", () => {
    const plan = planPrintFiles([
      {
        id: 1,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: null }],
        designer_files: ['front'],
      },
      {
        id: 2,
        print_spaces: spaces,
        designs: [{ print_space: 'front', design_json: design('front') }],
        designer_files: ['front'],
      },
    ]);
    expect(plan).toEqual({ files: [], needs_design: [] });
  });

  it('reads print spaces and designs defensively', () => {
    expect(productPrintSpace('not json', 'front')).toBeNull();
    expect(productPrintSpace(spaces, 'sleeve')).toBeNull();
    expect(usableDesign('')).toBeNull();
    expect(usableDesign(design('front'))?.objects).toHaveLength(1);
  });
});
