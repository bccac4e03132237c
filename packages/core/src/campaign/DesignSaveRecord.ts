import { z } from 'zod';
import { PrintSpaceDesignText } from '../design/DesignDocument.js';
import { DESIGN_OPTIONS } from './constants.js';

export const DesignOption = z.enum(DESIGN_OPTIONS);
export type DesignOption = z.infer<typeof DesignOption>;

/** A design rendered for a campaign product and saved (spec §3 Design save record). */
export const DesignSaveRecord = z.object({
  print_space: z.string().min(1),
  product_id: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  file_url: z.string().min(1),
  design_json: PrintSpaceDesignText.nullable().optional(),
  option: DesignOption,
});
export type DesignSaveRecord = z.infer<typeof DesignSaveRecord>;

/** 'custom' when the design holds text the buyer can change, else 'print' (spec §3). */
export function designOptionFor(hasText: boolean): DesignOption {
  return hasText ? 'custom' : 'print';
}
