import { z } from 'zod';
import { printSpaceId, TemplatePrintSpace } from '../catalog/TemplatePrintSpace.js';

/**
 * A print space as the editor and renderer use it (spec §3 Print space): the template's print
 * space with its id `{templateId}_{printSpaceName}` always present. Design coordinates are print
 * pixels: the area is `width` × `height` at `DPI` (300 by default), origin at its top-left.
 */
export const PrintSpace = TemplatePrintSpace.extend({
  id: z.string().regex(/^[^_]+_.+$/, 'Print space id must read {templateId}_{printSpaceName}'),
}).superRefine((space, ctx) => {
  if (!space.id.endsWith(`_${space.name}`)) {
    ctx.addIssue({
      code: 'custom',
      path: ['id'],
      message: `Print space id "${space.id}" must end with "_${space.name}"`,
    });
  }
});
export type PrintSpace = z.infer<typeof PrintSpace>;
export type PrintSpaceInput = z.input<typeof PrintSpace>;

/** Builds a template's print space with its `{templateId}_{printSpaceName}` id. */
export function createPrintSpace(
  templateId: number | string,
  input: Omit<PrintSpaceInput, 'id'>,
): PrintSpace {
  return PrintSpace.parse({ ...input, id: printSpaceId(templateId, input.name) });
}

/** The longest side the print is made at: printWidth/printHeight when given, else width/height. */
export function longestPrintSide(space: {
  width: number;
  height: number;
  printWidth?: number | undefined;
  printHeight?: number | undefined;
}): number {
  return Math.max(space.printWidth ?? space.width, space.printHeight ?? space.height);
}
