import { z } from 'zod';
import { jsonText } from '../api/jsonText.js';
import { Colour } from '../color/Colour.js';
import { EntityStatus, PrintType } from '../enums/catalog.js';
import { Mockup } from './Mockup.js';
import { MockupType } from './MockupLayers.js';
import { ProductOptions } from './ProductOptions.js';
import { ProductVariant } from './ProductVariant.js';
import { TemplatePrintSpace } from './TemplatePrintSpace.js';

/** Print spaces of a product, as the JSON text the spec stores (spec §3 Product). */
export const PrintSpacesText = jsonText(
  z.array(TemplatePrintSpace).min(1, 'A product needs a print space'),
);

/** One design of a product: its print space and the editor's design document as JSON text. */
export const ProductDesign = z.object({
  id: z.number().int().positive().optional(),
  print_space: z.string().min(1),
  design_json: z.string().nullable().optional(),
  file_url: z.string().nullable().optional(),
});
export type ProductDesign = z.infer<typeof ProductDesign>;

/**
 * A campaign's product (spec §3 Product). `print_spaces` is JSON text; `options` holds the
 * option lists with the colour list; `full_printed` is the print type code 0–5. No transforms,
 * so the schema describes answers in OpenAPI as it validates them.
 */
export const Product = z.object({
  id: z.number().int().positive(),
  template_id: z.number().int().positive(),
  campaign_id: z.number().int().positive().optional(),
  name: z.string().optional(),
  status: EntityStatus.optional(),
  print_spaces: PrintSpacesText,
  full_printed: PrintType.default(0),
  options: ProductOptions.default({ color: [] }),
  default_option: z.string().nullable().optional(),
  default_mockup_id: z.number().int().positive().nullable().optional(),
  designs: z.array(ProductDesign).default([]),
  mockups: z.array(Mockup).optional(),
  /** Id the server gave a product created in the same request (spec §3). */
  insertedId: z.number().int().positive().optional(),
  /** Personalisation kind; 0 is a plain product (spec §5 personalised matching). */
  personalized: z.number().int().nonnegative().default(0),
  mockup_type: MockupType.default('2d'),
  price: z.number().nonnegative().optional(),
  /** Colours the product is sold in (the template's, narrowed by `options.color`). */
  colors: z.array(Colour).optional(),
  /** Sizes the product is sold in (the template's, narrowed by `options.size`). */
  sizes: z.array(z.string().min(1)).optional(),
  /** The template variants of those colours and sizes. */
  variants: z.array(ProductVariant).optional(),
});
export type Product = z.infer<typeof Product>;
export type ProductInput = z.input<typeof Product>;
