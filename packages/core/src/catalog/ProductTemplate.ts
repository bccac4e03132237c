import { z } from 'zod';
import { Colour } from '../color/Colour.js';
import { EntityStatus, PrintType } from '../enums/catalog.js';
import { MockupType } from './MockupLayers.js';
import { MockupTemplate } from './MockupTemplate.js';
import { ProductOptions } from './ProductOptions.js';
import { ProductVariant } from './ProductVariant.js';
import { ShippingProfile } from './ShippingProfile.js';
import { SizeChart } from './SizeChart.js';
import { TemplatePrintSpace } from './TemplatePrintSpace.js';

export const DESCRIPTION_FORMATS = ['text', 'html'] as const;
/** A template description is plain text, or HTML the server sanitizes before answering. */
export const DescriptionFormat = z.enum(DESCRIPTION_FORMATS);
export type DescriptionFormat = z.infer<typeof DescriptionFormat>;

/**
 * A catalog product a seller builds campaigns from: its print spaces (front, back, sleeve…),
 * option lists, the mockup templates that show a design on it, its variants (size × colour,
 * each with its base cost in cents and weight), its shipping profile and size chart. Every
 * mockup's print space must exist on the template. `base_cost` (dollars) is the lowest variant
 * base cost, kept for the answers that carried it before variants.
 */
export const ProductTemplate = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    sku: z.string().optional(),
    description: z.string().nullable().optional(),
    description_format: DescriptionFormat.default('text'),
    full_printed: PrintType.default(0),
    mockup_type: MockupType.default('2d'),
    base_cost: z.number().nonnegative().optional(),
    status: EntityStatus.default('active'),
    options: ProductOptions.default({ color: [] }),
    /** Hex codes of the colour names in `options.color` (spec §3 Colour), for swatches. */
    colors: z.array(Colour).default([]),
    print_spaces: z.array(TemplatePrintSpace).min(1, 'A product template needs a print space'),
    mockups: z.array(MockupTemplate).default([]),
    /** Sizes of the variants, smallest first. */
    sizes: z.array(z.string().min(1)).default([]),
    variants: z.array(ProductVariant).default([]),
    shipping: ShippingProfile.nullable().default(null),
    size_chart: SizeChart.nullable().default(null),
  })
  .superRefine((template, ctx) => {
    const names = new Set<string>();
    template.print_spaces.forEach((space, index) => {
      if (names.has(space.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['print_spaces', index, 'name'],
          message: `Print space "${space.name}" appears twice`,
        });
      }
      names.add(space.name);
    });
    template.mockups.forEach((mockup, index) => {
      if (!names.has(mockup.print_space)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mockups', index, 'print_space'],
          message: `Print space "${mockup.print_space}" is not on this template`,
        });
      }
    });
  });
export type ProductTemplate = z.infer<typeof ProductTemplate>;
export type ProductTemplateInput = z.input<typeof ProductTemplate>;

export const ProductTemplateListQuery = z.object({
  q: z.string().optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(15),
});
export type ProductTemplateListQuery = z.infer<typeof ProductTemplateListQuery>;
