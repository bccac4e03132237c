import { Colour, PrintType } from '@printloom/core';
import { z } from 'zod';
import type { DrawableImage } from './context.js';
import type { MockupLayers } from './drawMockup.js';

const Rect = z.object({
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  width: z.number().positive(),
  height: z.number().positive(),
});

const TemplateSpace = z.object({
  name: z.string().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
});

/** One 2D mockup of a template: where the print area sits and its layer files (relative paths). */
export const TemplateMockup = z.object({
  printSpace: z.string().min(1),
  printArea: Rect,
  layers: z.object({
    background: z.string().optional(),
    color: z.string().optional(),
    crop: z.string().optional(),
    shadow: z.string().optional(),
    overlay: z.string().optional(),
  }),
});
export type TemplateMockup = z.infer<typeof TemplateMockup>;

/**
 * A bundled product template: a 2D one is drawn from layer images, a 3D one from its GLB model
 * with the design wrapped around it. Paths are relative to the manifest's folder.
 */
export const MockupTemplateFile = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'Template id must be lowercase letters, digits and dashes'),
    templateId: z.number().int().positive(),
    name: z.string().min(1),
    kind: z.enum(['2d', '3d']),
    /**
     * Print type (spec §3) when the template fixes one: 3 is all-over print, whose design covers
     * the print area (cut to the product's shape by the crop) instead of fitting inside it.
     */
    printType: PrintType.optional(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    printSpaces: z.array(TemplateSpace).min(1),
    colors: z.array(Colour).min(1),
    mockups: z.array(TemplateMockup).default([]),
    model: z.string().optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind === '2d' && t.mockups.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['mockups'], message: 'A 2D template needs a mockup' });
    }
    if (t.kind === '3d' && !t.model) {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: 'A 3D template needs a model file',
      });
    }
  });
export type MockupTemplateFile = z.infer<typeof MockupTemplateFile>;

export const TemplateManifest = z.object({ templates: z.array(MockupTemplateFile) });
export type TemplateManifest = z.infer<typeof TemplateManifest>;

/**
 * A 2D mockup's decoded layers, ready for drawMockup: every layer file read by `load` at once
 * (a missing layer stays null).
 */
export async function loadLayers(
  template: { width: number; height: number },
  mockup: TemplateMockup,
  load: (file: string) => Promise<DrawableImage>,
): Promise<MockupLayers> {
  const { layers } = mockup;
  const read = (file?: string) => (file ? load(file) : null);
  const [background, color, crop, shadow, overlay] = await Promise.all([
    read(layers.background),
    read(layers.color),
    read(layers.crop),
    read(layers.shadow),
    read(layers.overlay),
  ]);
  return {
    width: template.width,
    height: template.height,
    printArea: mockup.printArea,
    background,
    color,
    crop,
    shadow,
    overlay,
  };
}
