import { z } from 'zod';
import {
  MOCKUP_DEFAULT_COLOR,
  MOCKUP_DEFAULT_PRINT_HEIGHT,
  MOCKUP_DEFAULT_PRINT_WIDTH,
  MOCKUP_MAX_SIZE,
  MOCKUP_TYPES,
} from './constants.js';
import { HexColor } from './HexColor.js';

export const MockupType = z.enum(MOCKUP_TYPES);
export type MockupType = z.infer<typeof MockupType>;

const imageUrl = z.string().min(1);

/**
 * Where the print lands on a 2D mockup's layer images, in their pixels. Without it the design
 * is contained in the whole picture.
 */
export const MockupPrintArea = z.object({
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type MockupPrintArea = z.infer<typeof MockupPrintArea>;

/**
 * What a mockup is drawn from (spec §3 Mockup): for 2D, layer images stacked as background,
 * colour fill through colorImg, the design clipped by cropImg, then shadowImg and overlay; for
 * 3D a glb model file. Sizes default to the spec's 2000 px output and 1000 x 1000 print area.
 */
export const mockupLayerFields = {
  mockupType: MockupType.default('2d'),
  type_detail: z.string().nullable().optional(),
  background: imageUrl.nullable().optional(),
  colorImg: imageUrl.nullable().optional(),
  cropImg: imageUrl.nullable().optional(),
  shadowImg: imageUrl.nullable().optional(),
  overlay: imageUrl.nullable().optional(),
  glb: imageUrl.nullable().optional(),
  color: HexColor.default(MOCKUP_DEFAULT_COLOR),
  maxSize: z.number().int().positive().default(MOCKUP_MAX_SIZE),
  printWidth: z.number().positive().default(MOCKUP_DEFAULT_PRINT_WIDTH),
  printHeight: z.number().positive().default(MOCKUP_DEFAULT_PRINT_HEIGHT),
  printArea: MockupPrintArea.optional(),
};

type LayerValues = {
  mockupType: MockupType;
  background?: string | null | undefined;
  glb?: string | null | undefined;
};

/** A 3D mockup needs its model file; a 2D mockup needs at least its background image. */
export function checkMockupLayers(value: LayerValues, ctx: z.RefinementCtx): void {
  if (value.mockupType === '3d' && !value.glb) {
    ctx.addIssue({ code: 'custom', path: ['glb'], message: 'A 3D mockup needs a glb model file' });
  }
  if (value.mockupType === '2d' && !value.background) {
    ctx.addIssue({
      code: 'custom',
      path: ['background'],
      message: 'A 2D mockup needs a background image',
    });
  }
}

/** The `design_json` of a mockup: which layers to draw and with what colour (spec §3). */
export const MockupDesignJson = z.object({
  name: z.string().optional(),
  color: z.string().optional(),
  crop: z.string().nullable().optional(),
  shadow: z.string().nullable().optional(),
  glb: z.string().nullable().optional(),
});
export type MockupDesignJson = z.infer<typeof MockupDesignJson>;
