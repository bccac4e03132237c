import { describe, expect, it } from 'vitest';
import { PendingBulkRecord } from './PendingBulkRecord.js';
import {
  type MultiSpaceRowInput,
  type MultiSpaceRowProduct,
  mainPrintSpace,
  PRINT_SPACE_IS_MISSING,
  printSpaceSize,
  validateMultiSpaceRow,
} from './validateMultiSpaceRow.js';

const shirt: MultiSpaceRowProduct = {
  id: 11,
  template_id: 1,
  print_spaces: JSON.stringify([
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 4200, height: 4800 },
  ]),
  template_mockups: [
    { id: 101, print_space: 'front' },
    { id: 102, print_space: 'back' },
  ],
};
const mug: MultiSpaceRowProduct = {
  id: 12,
  template_id: 2,
  print_spaces: JSON.stringify([{ name: 'front', width: 2700, height: 1100 }]),
  template_mockups: [{ id: 201, print_space: 'front' }],
};

function row(designs: unknown, products: MultiSpaceRowProduct[] = [shirt]): MultiSpaceRowInput {
  return {
    designs:
      typeof designs === 'string' || designs === null
        ? (designs as string | null)
        : JSON.stringify(designs),
    template_campaign: { products },
  };
}

const message = (input: MultiSpaceRowInput) => {
  const result = validateMultiSpaceRow(input);
  return result.ok ? 'ok' : result.message;
};

describe('validateMultiSpaceRow messages (spec §5)', () => {
  it("'Designs is invalid' when designs is not an array", () => {
    expect(message(row('not json'))).toBe('Designs is invalid');
    expect(message(row('{"new_url":"a.png"}'))).toBe('Designs is invalid');
    expect(message(row(null))).toBe('Designs is invalid');
  });

  it("'Empty valid design' for an empty array", () => {
    expect(message(row([]))).toBe('Empty valid design');
  });

  it("'Design url is invalid' for a design without new_url", () => {
    expect(message(row([{ print_space: 'front' }]))).toBe('Design url is invalid');
    expect(message(row([{ new_url: '  ', print_space: 'front' }]))).toBe('Design url is invalid');
    expect(
      message(row([{ new_url: 'https://cdn.test/a.png', print_space: 'front' }, { new_url: 5 }])),
    ).toBe('Design url is invalid');
  });

  it("'Design is invalid' for an item without print_space among several, or twice the same", () => {
    expect(message(row([{ new_url: 'a.png', print_space: 'front' }, { new_url: 'b.png' }]))).toBe(
      'Design is invalid',
    );
    expect(
      message(
        row([
          { new_url: 'a.png', print_space: 'front' },
          { new_url: 'b.png', print_space: 'front' },
        ]),
      ),
    ).toBe('Design is invalid');
    expect(message(row(['a.png']))).toBe('Design is invalid');
  });

  it("'Print space is invalid' when the product's print spaces cannot give one", () => {
    expect(message(row([{ new_url: 'a.png' }], [{ ...shirt, print_spaces: '[]' }]))).toBe(
      'Print space is invalid',
    );
    expect(message(row([{ new_url: 'a.png' }], [{ ...shirt, print_spaces: 'oops' }]))).toBe(
      'Print space is invalid',
    );
    expect(message(row([{ new_url: 'a.png' }], [{ ...shirt, print_spaces: null }]))).toBe(
      'Print space is invalid',
    );
  });

  it('PRINT_SPACE_IS_MISSING when a print space is not on the product', () => {
    expect(PRINT_SPACE_IS_MISSING).toBe('PRINT_SPACE_IS_MISSING');
    expect(message(row([{ new_url: 'a.png', print_space: 'sleeve' }]))).toBe(
      'PRINT_SPACE_IS_MISSING',
    );
    expect(
      message(
        row([
          { new_url: 'a.png', print_space: 'front' },
          { new_url: 'b.png', print_space: 'hood' },
        ]),
      ),
    ).toBe('PRINT_SPACE_IS_MISSING');
    expect(message(row([{ new_url: 'b.png', print_space: 'back' }], [shirt, mug]))).toBe(
      'PRINT_SPACE_IS_MISSING',
    );
  });

  it("'Invalid design' when no mockup image would result", () => {
    expect(
      message(
        row([{ new_url: 'a.png', print_space: 'front' }], [{ ...shirt, template_mockups: [] }]),
      ),
    ).toBe('Invalid design');
    expect(
      message(
        row(
          [{ new_url: 'a.png', print_space: 'back' }],
          [{ ...shirt, template_mockups: [{ id: 1, print_space: 'front' }] }],
        ),
      ),
    ).toBe('Invalid design');
    expect(message(row([{ new_url: 'a.png', print_space: 'front' }], []))).toBe('Invalid design');
  });

  it("'Campaign not found' without a template campaign", () => {
    expect(
      message({ designs: JSON.stringify([{ new_url: 'a.png' }]), template_campaign: null }),
    ).toBe('Campaign not found');
  });
});

describe('validateMultiSpaceRow plans', () => {
  it('puts each design on its print space of every product that has it', () => {
    const result = validateMultiSpaceRow(
      row(
        [
          { new_url: 'https://cdn.test/front.png', print_space: 'front' },
          { new_url: 'https://cdn.test/back.png', print_space: 'back' },
        ],
        [shirt, mug],
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.designs.map((d) => [d.product_id, d.print_space, d.new_url])).toEqual([
      [11, 'front', 'https://cdn.test/front.png'],
      [11, 'back', 'https://cdn.test/back.png'],
      [12, 'front', 'https://cdn.test/front.png'],
    ]);
    expect(result.mockups.map((m) => m.mockup_id)).toEqual([101, 102, 201]);
  });

  it("puts a lone design without print_space on each product's main print space", () => {
    const flagged: MultiSpaceRowProduct = {
      ...shirt,
      print_spaces: [
        { name: 'front', width: 1, height: 1 },
        { name: 'back', width: 1, height: 1, isMain: true },
      ],
    };
    const result = validateMultiSpaceRow(row([{ new_url: 'a.png' }], [flagged, mug]));
    expect(result.ok && result.designs.map((d) => [d.product_id, d.print_space])).toEqual([
      [11, 'back'],
      [12, 'front'],
    ]);
  });

  it('reads an already parsed designs list', () => {
    const result = validateMultiSpaceRow({
      designs: [{ new_url: 'a.png', print_space: 'front' }],
      template_campaign: { products: [shirt] },
    });
    expect(result.ok).toBe(true);
  });

  it('picks the isMain space, else the first', () => {
    expect(mainPrintSpace([{ name: 'front' }, { name: 'back', isMain: true }])).toBe('back');
    expect(mainPrintSpace([{ name: 'front' }, { name: 'back' }])).toBe('front');
    expect(mainPrintSpace([])).toBeUndefined();
  });
});

describe('validateMultiSpaceRow on a claimed row', () => {
  it('reads a PendingBulkRecord as the API answers it', () => {
    const claimed = PendingBulkRecord.parse({
      id: 5,
      template_campaign_id: 9,
      lease_token: 'lease-1',
      designs: JSON.stringify([{ new_url: 'https://cdn.test/a.png', print_space: 'front' }]),
      template_campaign: {
        id: 9,
        products: [
          {
            id: 11,
            template_id: 1,
            print_spaces: JSON.stringify([{ name: 'front', width: 10, height: 10 }]),
            template_mockups: [{ id: 101, print_space: 'front' }],
          },
        ],
      },
    });
    const result = validateMultiSpaceRow(claimed);
    expect(result.ok && result.mockups).toEqual([
      { product_id: 11, mockup_id: 101, print_space: 'front' },
    ]);
  });
});

describe('printSpaceSize', () => {
  const spaces = [
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 3000 },
  ];

  it('reads the size from JSON text or a parsed list', () => {
    expect(printSpaceSize({ print_spaces: JSON.stringify(spaces) }, 'front')).toEqual({
      width: 4200,
      height: 4800,
    });
    expect(printSpaceSize({ print_spaces: spaces }, 'front')).toEqual({
      width: 4200,
      height: 4800,
    });
  });

  it('throws Missing print spaces without that space, its size, or readable print spaces', () => {
    expect(() => printSpaceSize({ print_spaces: spaces }, 'sleeve')).toThrow(
      'Missing print spaces: sleeve',
    );
    expect(() => printSpaceSize({ print_spaces: spaces }, 'back')).toThrow(
      'Missing print spaces: back',
    );
    expect(() => printSpaceSize({ print_spaces: '{broken' }, 'front')).toThrow(
      'Missing print spaces: front',
    );
    expect(() => printSpaceSize({ print_spaces: null }, 'front')).toThrow(
      'Missing print spaces: front',
    );
  });
});
