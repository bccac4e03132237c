import { z } from 'zod';
import { checkMockupLayers, mockupLayerFields } from './MockupLayers.js';

/** A product template's mockup: how to draw one print space onto a product photo or model. */
export const MockupTemplate = z
  .object({
    id: z.number().int().positive(),
    template_id: z.number().int().positive().optional(),
    name: z.string().optional(),
    print_space: z.string().min(1),
    ...mockupLayerFields,
  })
  .superRefine(checkMockupLayers);
export type MockupTemplate = z.infer<typeof MockupTemplate>;
export type MockupTemplateInput = z.input<typeof MockupTemplate>;
