import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api/envelope.js';
import { Mockup, MockupTemplate, Product, ProductTemplate, TemplatePrintSpace } from './index.js';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return result.success ? {} : fieldErrorsOf(result.error);
}

const front = { name: 'front', width: 4200, height: 4800 };

describe('Mockup', () => {
  it('defaults to white, 2000 px and a 1000 x 1000 print area', () => {
    const mockup = Mockup.parse({ id: 1, print_space: 'front' });
    expect(mockup.color).toBe('#FFFFFF');
    expect(mockup.maxSize).toBe(2000);
    expect(mockup.printWidth).toBe(1000);
    expect(mockup.printHeight).toBe(1000);
    expect(mockup.mockupType).toBe('2d');
  });

  it('checks the design_json text', () => {
    const ok = Mockup.safeParse({
      id: 1,
      print_space: 'front',
      design_json: '{"name":"front","color":"#000","glb":"m.glb"}',
    });
    expect(ok.success).toBe(true);
    expect(
      issuesOf(Mockup.safeParse({ id: 1, print_space: 'front', design_json: '{nope' })),
    ).toEqual({
      design_json: ['Must be valid JSON text'],
    });
  });

  it('refuses a colour that is not #rgb or #rrggbb', () => {
    const errors = issuesOf(Mockup.safeParse({ id: 1, print_space: 'front', color: 'white' }));
    expect(errors.color).toEqual(['Must be a colour written #rgb or #rrggbb']);
  });
});

describe('MockupTemplate', () => {
  it('needs a background image for 2D and a glb file for 3D', () => {
    expect(issuesOf(MockupTemplate.safeParse({ id: 1, print_space: 'front' }))).toEqual({
      background: ['A 2D mockup needs a background image'],
    });
    expect(
      issuesOf(MockupTemplate.safeParse({ id: 2, print_space: 'front', mockupType: '3d' })),
    ).toEqual({ glb: ['A 3D mockup needs a glb model file'] });
    const layered = MockupTemplate.parse({
      id: 3,
      print_space: 'front',
      background: 'm/bg.png',
      colorImg: 'm/color.png',
      cropImg: 'm/crop.png',
      shadowImg: 'm/shadow.png',
      overlay: 'm/overlay.png',
    });
    expect(layered.shadowImg).toBe('m/shadow.png');
  });
});

describe('ProductTemplate', () => {
  const template = {
    id: 10,
    name: 'Classic T-shirt',
    print_spaces: [front, { name: 'back', width: 4200, height: 4800 }],
    mockups: [{ id: 1, print_space: 'front', background: 'bg.png' }],
  };

  it('gives print spaces the DPI 300 and minimum DPI 150 defaults', () => {
    const parsed = ProductTemplate.parse(template);
    expect(parsed.print_spaces.map((s) => [s.DPI, s.minDPI])).toEqual([
      [300, 150],
      [300, 150],
    ]);
    expect(parsed.full_printed).toBe(0);
    expect(parsed.options.color).toEqual([]);
  });

  it('refuses a mockup on a print space the template lacks, and a repeated print space', () => {
    const errors = issuesOf(
      ProductTemplate.safeParse({
        ...template,
        print_spaces: [front, front],
        mockups: [{ id: 1, print_space: 'sleeve', background: 'bg.png' }],
      }),
    );
    expect(errors['print_spaces.1.name']).toEqual(['Print space "front" appears twice']);
    expect(errors['mockups.0.print_space']).toEqual([
      'Print space "sleeve" is not on this template',
    ]);
  });

  it('needs at least one print space', () => {
    const errors = issuesOf(ProductTemplate.safeParse({ ...template, print_spaces: [] }));
    expect(errors.print_spaces).toEqual(['A product template needs a print space']);
  });
});

describe('Product', () => {
  const product = { id: 5, template_id: 10, print_spaces: JSON.stringify([front]) };

  it('keeps print_spaces as JSON text and checks what it holds', () => {
    expect(Product.parse(product).print_spaces).toBe(JSON.stringify([front]));
    const errors = issuesOf(
      Product.safeParse({ ...product, print_spaces: '[{"name":"front","width":-1,"height":4}]' }),
    );
    expect(Object.keys(errors)).toEqual(['print_spaces.0.width']);
    expect(issuesOf(Product.safeParse({ ...product, print_spaces: '[]' }))).toEqual({
      print_spaces: ['A product needs a print space'],
    });
  });

  it('reads options with a colour list', () => {
    const options = { color: ['white', 'black'], size: ['S', 'M'] };
    expect(Product.parse({ ...product, options }).options).toEqual(options);
    expect(Product.parse(product).options).toEqual({ color: [] });
    expect(Product.safeParse({ ...product, options: { color: 'white' } }).success).toBe(false);
  });

  it('takes the print type from full_printed and refuses codes outside 0-5', () => {
    expect(Product.parse({ ...product, full_printed: 2 }).full_printed).toBe(2);
    expect(Object.keys(issuesOf(Product.safeParse({ ...product, full_printed: 9 })))).toEqual([
      'full_printed',
    ]);
  });
});

describe('TemplatePrintSpace', () => {
  it('requires a name and positive sizes', () => {
    const errors = issuesOf(TemplatePrintSpace.safeParse({ name: '', width: 0, height: 10 }));
    expect(Object.keys(errors).sort()).toEqual(['name', 'width']);
  });
});
