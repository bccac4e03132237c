import type { ShippingProfile, SizeChart } from '@printloom/core';
import type { NewVariant } from '../sql/templates.js';

/**
 * The demo catalogue's product line, by the renderer template it is drawn with: what each size
 * costs to make (cents) and weighs, how it ships, its description and size chart. Colours come
 * from the renderer's manifest (they must match its mockup colours).
 */
export interface ProductLine {
  skuPrefix: string;
  /** Renames the template (a size that moved into the variants leaves the name). */
  name?: string;
  sizes: Array<{ size: string; base_cost: number; weight_grams: number }>;
  shipping: ShippingProfile;
  description: string;
  description_format: 'text' | 'html';
  size_chart?: SizeChart;
}

const rates = (
  us: [number, number],
  ca: [number, number],
  europe: [number, number],
  world: [number, number],
): ShippingProfile['rates'] => [
  { scope: 'US', first_item: us[0], additional_item: us[1] },
  { scope: 'CA', first_item: ca[0], additional_item: ca[1] },
  { scope: '150', first_item: europe[0], additional_item: europe[1] },
  { scope: '*', first_item: world[0], additional_item: world[1] },
];

const APPAREL_SIZES = ['S', 'M', 'L', 'XL', '2XL', '3XL'] as const;

function apparelSizes(
  base: number,
  plus2xl: number,
  plus3xl: number,
  weights: readonly number[],
): ProductLine['sizes'] {
  return APPAREL_SIZES.map((size, i) => ({
    size,
    base_cost: size === '2XL' ? base + plus2xl : size === '3XL' ? base + plus3xl : base,
    weight_grams: weights[i] ?? weights[weights.length - 1] ?? 0,
  }));
}

function apparelChart(rows: ReadonlyArray<readonly [number, number, number]>): SizeChart {
  return {
    unit: 'in',
    columns: ['Chest width', 'Body length', 'Sleeve length'],
    rows: APPAREL_SIZES.map((size, i) => ({ size, values: [...(rows[i] ?? [0, 0, 0])] })),
  };
}

const apparelShipping: ShippingProfile = {
  name: 'Apparel',
  currency: 'USD',
  rates: rates([475, 200], [799, 300], [899, 300], [1199, 400]),
};

/** The T-shirts' cut: the classic tee and the all-over-print tee measure the same. */
const teeChart = apparelChart([
  [18, 28, 8.25],
  [20, 29, 8.5],
  [22, 30, 8.75],
  [24, 31, 9],
  [26, 32, 9.25],
  [28, 33, 9.5],
]);

const mugShipping: ShippingProfile = {
  name: 'Drinkware',
  currency: 'USD',
  rates: rates([699, 350], [999, 450], [1099, 450], [1499, 600]),
};

const mugDescription = (oz: number) =>
  `A glossy white ceramic mug that holds ${oz} oz, printed all the way around the handle side and back. Dishwasher and microwave safe.`;

export const PRODUCT_LINE: Readonly<Record<string, ProductLine>> = {
  tshirt: {
    skuPrefix: 'TEE',
    sizes: apparelSizes(1150, 200, 400, [150, 170, 190, 210, 235, 260]),
    shipping: apparelShipping,
    description:
      '<p>A soft, unisex crew-neck T-shirt in 100% combed ring-spun cotton (heather colours 52/48 cotton/polyester), 4.2 oz/yd².</p><ul><li>Printed front and back</li><li>Side-seamed, retail fit</li><li>Tear-away label</li></ul>',
    description_format: 'html',
    size_chart: teeChart,
  },
  'tshirt-aop': {
    skuPrefix: 'AOPTEE',
    sizes: apparelSizes(1850, 250, 450, [140, 160, 180, 200, 225, 250]),
    shipping: apparelShipping,
    description:
      '<p>A unisex crew-neck T-shirt in a soft, breathable 100% polyester jersey, 4.4 oz/yd², printed edge to edge by sublimation: the pattern covers the whole shirt, sleeves and back included.</p><ul><li>Cut and sewn after printing, so the pattern runs over every seam</li><li>White base, colours that do not crack, peel or wash out</li><li>Regular fit</li></ul>',
    description_format: 'html',
    size_chart: teeChart,
  },
  hoodie: {
    skuPrefix: 'HOOD',
    sizes: apparelSizes(2450, 300, 500, [480, 520, 560, 600, 640, 690]),
    shipping: {
      name: 'Heavy apparel',
      currency: 'USD',
      rates: rates([899, 350], [1199, 500], [1299, 500], [1699, 700]),
    },
    description:
      '<p>A unisex pullover hoodie in an 8.5 oz/yd² cotton/polyester fleece with a lined hood and a front pouch pocket.</p><ul><li>Printed front and back</li><li>Ribbed cuffs and waistband</li></ul>',
    description_format: 'html',
    size_chart: apparelChart([
      [20, 27, 33.5],
      [22, 28, 34.5],
      [24, 29, 35.5],
      [26, 30, 36.5],
      [28, 31, 37.5],
      [30, 32, 38.5],
    ]),
  },
  tote: {
    skuPrefix: 'TOTE',
    sizes: [{ size: '15 × 16 in', base_cost: 1290, weight_grams: 310 }],
    shipping: {
      name: 'Bags',
      currency: 'USD',
      rates: rates([499, 200], [799, 300], [899, 300], [1199, 400]),
    },
    description:
      'A sturdy 12 oz cotton canvas tote, 15 × 16 in, with 20 in handles. Printed on the front.',
    description_format: 'text',
  },
  poster: {
    skuPrefix: 'POSTER',
    name: 'Framed Poster',
    sizes: [
      { size: '12 × 18 in', base_cost: 2450, weight_grams: 900 },
      { size: '18 × 24 in', base_cost: 3450, weight_grams: 1500 },
      { size: '24 × 36 in', base_cost: 5450, weight_grams: 2800 },
    ],
    shipping: {
      name: 'Framed art',
      currency: 'USD',
      rates: rates([999, 500], [1499, 700], [1799, 800], [2499, 1000]),
    },
    description:
      'Museum-quality matte paper in a hardwood frame with a shatterproof acrylic front, ready to hang. The 3:4 artwork is centred on a white mat in the 2:3 sizes (12 × 18 and 24 × 36 in).',
    description_format: 'text',
  },
  mug: {
    skuPrefix: 'MUG11',
    sizes: [{ size: '11 oz', base_cost: 650, weight_grams: 350 }],
    shipping: mugShipping,
    description: mugDescription(11),
    description_format: 'text',
  },
  'mug-15': {
    skuPrefix: 'MUG15',
    sizes: [{ size: '15 oz', base_cost: 850, weight_grams: 450 }],
    shipping: mugShipping,
    description: mugDescription(15),
    description_format: 'text',
  },
  'mug-3d': {
    skuPrefix: 'MUG11-3D',
    sizes: [{ size: '11 oz', base_cost: 650, weight_grams: 350 }],
    shipping: mugShipping,
    description: mugDescription(11),
    description_format: 'text',
  },
  'mug-15-3d': {
    skuPrefix: 'MUG15-3D',
    sizes: [{ size: '15 oz', base_cost: 850, weight_grams: 450 }],
    shipping: mugShipping,
    description: mugDescription(15),
    description_format: 'text',
  },
  'bottle-3d': {
    skuPrefix: 'BOTTLE',
    sizes: [{ size: '20 oz', base_cost: 1690, weight_grams: 380 }],
    shipping: {
      name: 'Drinkware',
      currency: 'USD',
      rates: rates([649, 300], [949, 400], [1049, 400], [1399, 550]),
    },
    description:
      'A double-walled stainless steel bottle that keeps drinks cold for 24 hours and hot for 12. Holds 20 oz; printed all around.',
    description_format: 'text',
  },
};

const skuPart = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '');

/** Every size of a product line in every colour, colour by colour, smallest size first. */
export function productLineVariants(
  line: ProductLine,
  colors: ReadonlyArray<{ name: string; hex_code: string }>,
): NewVariant[] {
  const palette = colors.length > 0 ? colors : [{ name: 'White', hex_code: '#FFFFFF' }];
  return palette.flatMap((color) =>
    line.sizes.map((s) => ({
      size: s.size,
      color: { name: color.name, hex_code: color.hex_code },
      base_cost: s.base_cost,
      weight_grams: s.weight_grams,
      sku: `${line.skuPrefix}-${skuPart(color.name)}-${skuPart(s.size)}`,
    })),
  );
}
