import { z } from 'zod';
import { PrintType } from '../enums/catalog.js';
import { TEMPLATE_PRINT_SPACE_DPI, TEMPLATE_PRINT_SPACE_MIN_DPI } from './constants.js';

const size = z.number().positive();

/**
 * A print space as a product template and a product's `print_spaces` text carry it (spec §3
 * Print space). Only name, width and height are required: older products store just those.
 * Editor geometry built on top of it lives in `design/`.
 */
export const TemplatePrintSpace = z.object({
  /** `{templateId}_{printSpaceName}`. */
  id: z.string().optional(),
  name: z.string().min(1),
  width: size,
  height: size,
  printWidth: size.optional(),
  printHeight: size.optional(),
  viewWidth: size.optional(),
  viewHeight: size.optional(),
  displayWidth: size.optional(),
  isMain: z.boolean().optional(),
  printType: PrintType.optional(),
  DPI: size.default(TEMPLATE_PRINT_SPACE_DPI),
  minDPI: size.default(TEMPLATE_PRINT_SPACE_MIN_DPI),
});
export type TemplatePrintSpace = z.infer<typeof TemplatePrintSpace>;

/** The id of a template's print space: `{templateId}_{printSpaceName}` (spec §3). */
export function printSpaceId(templateId: number | string, printSpaceName: string): string {
  return `${templateId}_${printSpaceName}`;
}
