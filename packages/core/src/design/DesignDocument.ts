import { z } from 'zod';
import { jsonText } from '../api/jsonText.js';
import { TEXT_MAX_PER_PRINT_SPACE } from '../text/constants.js';
import { DesignObject } from './DesignObject.js';
import { PrintSpace } from './PrintSpace.js';

/**
 * The design of one print space: the print space, its objects bottom to top, and an optional
 * background colour (spec §5: '#rgb' or '#rrggbb', anything else shows semi-transparent white).
 * `restricted` keeps objects inside the print area and locks rotation; `lockEdit` locks the
 * whole canvas (spec §4).
 */
export const PrintSpaceDesign = z
  .object({
    printSpace: PrintSpace,
    objects: z.array(DesignObject).default([]),
    background: z.string().nullable().optional(),
    restricted: z.boolean().default(false),
    lockEdit: z.boolean().default(false),
  })
  .superRefine((design, ctx) => {
    const texts = design.objects.filter((o) => o.type === 'text').length;
    if (texts > TEXT_MAX_PER_PRINT_SPACE) {
      ctx.addIssue({
        code: 'custom',
        path: ['objects'],
        message: `A print space holds at most ${TEXT_MAX_PER_PRINT_SPACE} text objects, got ${texts}`,
      });
    }
    const ids = new Set<string>();
    design.objects.forEach((object, index) => {
      if (ids.has(object.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['objects', index, 'id'],
          message: `Object id "${object.id}" appears twice`,
        });
      }
      ids.add(object.id);
    });
  });
export type PrintSpaceDesign = z.infer<typeof PrintSpaceDesign>;
export type PrintSpaceDesignInput = z.input<typeof PrintSpaceDesign>;

/**
 * A saved design's `design_json`: the JSON text of a {@link PrintSpaceDesign}, kept as text (the
 * server stores it byte for byte); problems inside it are reported under the field's path.
 */
export const PrintSpaceDesignText = jsonText(PrintSpaceDesign);

/**
 * A product's design document: one {@link PrintSpaceDesign} per print space, keyed by the print
 * space id `{templateId}_{printSpaceName}`. `printType` is the product's print type (spec §3);
 * 2 (full 3D) counts as full DPI and exports three times larger.
 */
export const DesignDocument = z
  .object({
    templateId: z.union([z.number().int().positive(), z.string().min(1)]),
    printType: z.number().int().min(0).max(5).default(0),
    printSpaces: z.record(z.string(), PrintSpaceDesign),
  })
  .superRefine((doc, ctx) => {
    for (const [key, design] of Object.entries(doc.printSpaces)) {
      const expected = `${doc.templateId}_${design.printSpace.name}`;
      if (key !== expected || design.printSpace.id !== expected) {
        ctx.addIssue({
          code: 'custom',
          path: ['printSpaces', key],
          message: `Print space key "${key}" must be "${expected}"`,
        });
      }
    }
  });
export type DesignDocument = z.infer<typeof DesignDocument>;
export type DesignDocumentInput = z.input<typeof DesignDocument>;
