import { type Campaign, PRINT_TYPES, ProductTemplate } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import {
  type CampaignFormValues,
  defaultPrice,
  designsOfCampaign,
  editRouteOf,
  highestBaseCost,
  isAllOverPrint,
  offeredTemplates,
  productPath,
  productsWithoutDesign,
  productValueFor,
  serializeDesign,
  templateSpaces,
  validateCampaignForm,
} from './campaignForm.js';

const tshirt = ProductTemplate.parse({
  id: 101,
  name: 'Classic T-shirt',
  base_cost: 7.5,
  options: { color: ['White', 'Black'] },
  colors: [
    { name: 'White', hex_code: '#FFFFFF' },
    { name: 'Black', hex_code: '#111111' },
  ],
  print_spaces: [
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 4200, height: 4800 },
  ],
});
const templates = new Map([[tshirt.id, tshirt]]);

function form(patch: Partial<CampaignFormValues> = {}): CampaignFormValues {
  return { name: 'Cats', slug: '', products: [productValueFor(tshirt)], ...patch };
}

describe('campaign edit routes (spec §2)', () => {
  it('gives each edit route its campaign type', () => {
    expect(editRouteOf('/campaigns/edit').type).toBe('regular');
    expect(editRouteOf('/campaigns/edit/12').type).toBe('regular');
    expect(editRouteOf('/campaigns/aop/edit/3').type).toBe('aop');
    expect(editRouteOf('/campaigns/ai/edit').type).toBe('ai_mockup');
    expect(editRouteOf('/campaigns/combo/edit').type).toBe('combo');
    expect(editRouteOf('/campaigns/custom/edit/9').type).toBe('custom');
  });
});

/** The demo catalogue's all-over-print T-shirt, as the product template list answers it. */
const aopTee = ProductTemplate.parse({
  id: 107,
  name: 'All-Over Print T-shirt',
  sku: 'tshirt-aop',
  full_printed: 3,
  base_cost: 18.5,
  options: { color: ['White'], size: ['S', 'M', 'L', 'XL', '2XL', '3XL'] },
  colors: [{ name: 'White', hex_code: '#FFFFFF' }],
  print_spaces: [
    { name: 'front', width: 5400, height: 5466, isMain: true, printType: 3 },
    { name: 'back', width: 5400, height: 5466, printType: 3 },
  ],
  mockups: ['front', 'back'].map((side, i) => ({
    id: 20 + i,
    name: 'All-Over Print T-shirt',
    print_space: side,
    mockupType: '2d',
    background: `/files/s0/templates/tshirt-aop/${i ? 'back-' : ''}background.png`,
    cropImg: `/files/s0/templates/tshirt-aop/${i ? 'back-' : ''}crop.png`,
    printArea: { x: 132, y: 150, width: 736, height: 745 },
  })),
});

describe('the products each editor offers', () => {
  it('offers the catalogue’s all-over-print T-shirt, not the classic one, in the AOP editor', () => {
    expect(isAllOverPrint(aopTee)).toBe(true);
    expect(isAllOverPrint(tshirt)).toBe(false);
    expect(offeredTemplates('aop', [tshirt, aopTee]).map((t) => t.name)).toEqual([
      'All-Over Print T-shirt',
    ]);
    expect(offeredTemplates('regular', [tshirt, aopTee])).toHaveLength(2);
    // A product already in the campaign stays on offer, so the seller can take it out.
    expect(offeredTemplates('aop', [tshirt, aopTee], new Set([tshirt.id]))).toHaveLength(2);
  });

  it('counts a product as all-over print when one of its print spaces is, too', () => {
    const piece = ProductTemplate.parse({
      ...aopTee,
      id: 108,
      full_printed: PRINT_TYPES.print2d,
      print_spaces: [
        { name: 'front', width: 4200, height: 4800 },
        { name: 'sleeve', width: 1800, height: 1800, printType: PRINT_TYPES.aop },
      ],
      mockups: [],
    });
    expect(offeredTemplates('aop', [tshirt, piece]).map((t) => t.id)).toEqual([108]);
  });
});

describe('campaign form rules', () => {
  it('accepts a named campaign with a priced product', () => {
    expect(validateCampaignForm(form(), templates)).toEqual({});
    expect(defaultPrice(7.5)).toBe('14.99');
  });

  it('asks for a name, a product and a valid link name', () => {
    expect(
      validateCampaignForm(form({ name: '  ', slug: 'Bad Slug', products: [] }), templates),
    ).toEqual({
      name: 'Campaign name is required.',
      slug: 'The link name may hold lowercase letters, digits and single dashes.',
      products: 'Choose at least one product.',
    });
  });

  it('checks each price: present, a number, two decimals, not under the base cost', () => {
    const priced = (price: string) =>
      validateCampaignForm(form({ products: [{ ...productValueFor(tshirt), price }] }), templates)[
        'products.101.price'
      ];
    expect(priced('')).toBe('Enter a sell price.');
    expect(priced('abc')).toBe('Write the price as a number, e.g. 19.99.');
    expect(priced('19.999')).toBe('Use at most 2 decimals.');
    expect(priced('7.49')).toBe('The price must be at least the base cost, $7.50.');
    expect(priced('10000')).toBe('The price must be below $10,000.');
    expect(priced('7.50')).toBeUndefined();
  });

  it('needs a price that covers the dearest size of the colours offered', () => {
    const sized = ProductTemplate.parse({
      ...tshirt,
      variants: [
        ['M', 'White', 1150],
        ['3XL', 'White', 1550],
        ['M', 'Black', 1150],
        ['3XL', 'Black', 1650],
      ].map(([size, color, cost], i) => ({
        id: i + 1,
        size,
        color: { name: color, hex_code: color === 'White' ? '#FFFFFF' : '#111111' },
        base_cost: cost,
        weight_grams: 200,
        sku: `T-${color}-${size}`,
      })),
    });
    const sizedTemplates = new Map([[sized.id, sized]]);
    expect(highestBaseCost(sized)).toBe(16.5);
    expect(highestBaseCost(sized, ['White'])).toBe(15.5);
    expect(productValueFor(sized).price).toBe('32.99');
    const priced = (price: string, colors: string[]) =>
      validateCampaignForm(
        form({
          products: [{ ...productValueFor(sized), price, colors, defaultColor: colors[0] ?? '' }],
        }),
        sizedTemplates,
      )['products.101.price'];
    expect(priced('16.00', ['White', 'Black'])).toBe(
      'The price must be at least the base cost, $16.50.',
    );
    expect(priced('16.00', ['White'])).toBeUndefined();
  });

  it('needs at least one colour offered', () => {
    const errors = validateCampaignForm(
      form({ products: [{ ...productValueFor(tshirt), colors: [] }] }),
      templates,
    );
    expect(errors['products.101.colors']).toBe('Offer at least one colour.');
  });
});

describe('designs of a campaign', () => {
  const [front] = templateSpaces(tshirt);
  const design = { printSpace: front!, objects: [], restricted: true, lockEdit: false };

  it('reads saved design JSON by print space id and reports the unreadable', () => {
    const campaign = {
      products: [
        {
          template_id: 101,
          designs: [
            { print_space: 'front', design_json: serializeDesign(design) },
            { print_space: 'back', design_json: '{broken' },
          ],
        },
      ],
    } as unknown as Campaign;
    const read = designsOfCampaign(campaign);
    expect(Object.keys(read.designs)).toEqual(['101_front']);
    expect(serializeDesign(read.designs['101_front']!)).toBe(serializeDesign(design));
    expect(read.unreadable).toEqual(['101_back']);
    expect(read.kept).toEqual({ '101_back': null });
  });

  it('keeps a design saved without JSON (a bulk import) and counts it for launching', () => {
    const campaign = {
      products: [
        {
          template_id: 101,
          designs: [{ print_space: 'front', design_json: null, file_url: '/f.png' }],
        },
      ],
    } as unknown as Campaign;
    const read = designsOfCampaign(campaign);
    expect(read).toEqual({ designs: {}, kept: { '101_front': '/f.png' }, unreadable: [] });
    expect(productsWithoutDesign(form().products, templates, {}, read.kept)).toEqual([]);
  });

  it('names the products that have no design on any print space', () => {
    const values = form();
    expect(productsWithoutDesign(values.products, templates, {})).toEqual(['Classic T-shirt']);
    const withText = {
      '101_back': {
        ...design,
        objects: [
          {
            type: 'text' as const,
            id: 't',
            text: 'Hi',
            left: 1,
            top: 1,
            width: 10,
            height: 10,
            scaleX: 1,
            scaleY: 1,
            angle: 0,
            opacity: 1,
            locked: false,
            fontFamily: 'Roboto',
            fontSize: 100,
            fill: '#000',
            textAlign: 'center' as const,
            widthMode: 'fixed' as const,
            maxLength: 16,
            displayStyle: 'color' as const,
          },
        ],
      },
    };
    expect(productsWithoutDesign(values.products, templates, withText)).toEqual([]);
  });
});

describe('product links (spec §3)', () => {
  it('builds the path from the link name, else the campaign name', () => {
    expect(
      productPath({ id: 4, slug: 'cat-tee', name: 'x' }, { id: 9, name: 'Classic T-shirt' }),
    ).toBe('/cat-tee/classic-t-shirt');
    expect(productPath({ id: 4, slug: null, name: 'Café Crème!' }, { id: 9 })).toBe(
      '/cafe-creme/product-9',
    );
  });
});
