import { z } from 'zod';
import { jsonText } from '../api/jsonText.js';
import { MockupDesignJson, mockupLayerFields } from './MockupLayers.js';

/**
 * A campaign product's mockup (spec §3 Mockup): its layers, and once rendered and uploaded the
 * resulting `file_url`.
 */
export const Mockup = z.object({
  id: z.number().int().positive(),
  product_id: z.number().int().positive().nullable().optional(),
  print_space: z.string().min(1),
  file_url: z.string().nullable().optional(),
  /** JSON text of {@link MockupDesignJson}. */
  design_json: jsonText(MockupDesignJson).nullable().optional(),
  ...mockupLayerFields,
});
export type Mockup = z.infer<typeof Mockup>;
export type MockupInput = z.input<typeof Mockup>;
