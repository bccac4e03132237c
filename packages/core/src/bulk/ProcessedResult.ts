import { z } from 'zod';
import { DesignOption } from '../campaign/DesignSaveRecord.js';
import { PrintSpaceDesignText } from '../design/DesignDocument.js';

/** A rendered design of a processed row (spec §3 Processed result designs). */
export const ProcessedDesign = z.object({
  print_space: z.string().min(1),
  product_id: z.number().int().positive(),
  file_url: z.string().min(1),
  design_json: PrintSpaceDesignText.nullable().optional(),
  option: DesignOption,
});
export type ProcessedDesign = z.infer<typeof ProcessedDesign>;

/** A rendered mockup image of a processed row (spec §3 Processed result designs3D). */
export const ProcessedMockup = z.object({
  file_url: z.string().min(1),
  mockup_id: z.number().int().positive(),
  product_id: z.number().int().positive(),
  print_space: z.string().min(1),
});
export type ProcessedMockup = z.infer<typeof ProcessedMockup>;

/** What processing a multi-space row yields: at least one design and one mockup (spec §5). */
export const ProcessedResult = z.object({
  designs: z.array(ProcessedDesign).min(1, 'Invalid design'),
  designs3D: z.array(ProcessedMockup).min(1, 'Invalid design'),
});
export type ProcessedResult = z.infer<typeof ProcessedResult>;
