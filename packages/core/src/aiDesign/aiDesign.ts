import { z } from 'zod';
import { DEFAULT_DPI, DEFAULT_MIN_DPI } from '../quality/constants.js';
import { type QualityLabel, qualityLabel } from '../quality/qualityLabel.js';

/**
 * AI design tools (spec §2 /ai-design, beta): background removal and upscaling, run on the
 * server as background jobs on models shipped in npm packages. The result is a new upload of
 * the seller's, like any other.
 */
export const AI_TOOLS = ['remove_background', 'upscale'] as const;
export const AiTool = z.enum(AI_TOOLS);
export type AiTool = z.infer<typeof AiTool>;

export const AI_TOOL_LABELS: Record<AiTool, string> = {
  remove_background: 'Remove background',
  upscale: 'Upscale 4×',
};

export const AI_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const AiJobStatus = z.enum(AI_JOB_STATUSES);
export type AiJobStatus = z.infer<typeof AiJobStatus>;

/** The model's factor: every input pixel becomes 4×4. */
export const AI_UPSCALE_FACTOR = 4;
/** Upscaling inputs up to this side (px): 1024 → 4096 px, already past 13 in at 300 DPI. */
export const AI_UPSCALE_MAX_INPUT_SIDE = 1024;
/** Background removal inputs up to this many pixels. */
export const AI_MAX_INPUT_PIXELS = 25_000_000;
/** The largest side an upscaled result may reach once finished to its print width. */
export const AI_MAX_OUTPUT_SIDE = 12_000;
export const AI_DEFAULT_PRINT_WIDTH_IN = 12;

export const AI_DESIGN_MESSAGES = {
  uploadNotFound: 'The file is not one of your uploads.',
  notImage: 'Only PNG, JPEG or WebP images can be used.',
  unreadable: 'The file could not be read as an image.',
  tooLargeToUpscale: `Images up to ${AI_UPSCALE_MAX_INPUT_SIDE} px on their longest side can be upscaled; this one is already large enough to print.`,
  tooLarge: `Images up to ${AI_MAX_INPUT_PIXELS / 1_000_000} megapixels can be used.`,
  outputTooLarge: `The result would be wider than ${AI_MAX_OUTPUT_SIDE} px; choose a smaller print width.`,
} as const;

export const AiJobBody = z.object({
  tool: AiTool,
  /** The upload's key as `/upload` answers it (`filePath`), e.g. `s12/ai-design/ab12cd.png`. */
  file_path: z.string().trim().min(1, 'Choose an image').max(300),
  /** The print width the image is meant to cover, for its quality label (and the upscale size). */
  print_width_in: z
    .number()
    .min(1, 'Print width must be at least 1 inch')
    .max(60, 'Print width must be at most 60 inches')
    .default(AI_DEFAULT_PRINT_WIDTH_IN),
});
export type AiJobBody = z.input<typeof AiJobBody>;

export const PrintQuality = z.object({
  dpi: z.number().int().nonnegative(),
  label: z.enum(['good', 'normal', 'low']),
});
export type PrintQuality = z.infer<typeof PrintQuality>;

const AiImage = z.object({
  file_path: z.string(),
  file_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  quality: PrintQuality,
});

export const AiJob = z.object({
  id: z.number().int().positive(),
  tool: AiTool,
  status: AiJobStatus,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  print_width_in: z.number(),
  input: AiImage,
  output: AiImage.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AiJob = z.infer<typeof AiJob>;

export const AiJobListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  tool: AiTool.optional(),
  status: AiJobStatus.optional(),
});
export type AiJobListQuery = z.infer<typeof AiJobListQuery>;

/**
 * The quality of an image printed `printWidthIn` inches wide (its width fills the print width):
 * its DPI there, `width / inches`, and the spec §5 label for that DPI.
 */
export function printWidthQuality(
  widthPx: number,
  printWidthIn: number,
  dpi: number = DEFAULT_DPI,
  minDpi: number = DEFAULT_MIN_DPI,
): { dpi: number; label: QualityLabel } {
  if (!(widthPx > 0)) throw new RangeError(`Width must be above 0, got ${widthPx}`);
  if (!(printWidthIn > 0)) throw new RangeError(`Print width must be above 0, got ${printWidthIn}`);
  const value = Math.floor(widthPx / printWidthIn);
  return { dpi: value, label: qualityLabel(value, dpi, minDpi) };
}

/**
 * The width of an upscaled result: the model's 4× output, finished by resampling to the print
 * width at full DPI when 4× falls short of it (600 px × 4 = 2400 px is 200 DPI over 12 in,
 * 'normal'; 3600 px is 300 DPI, 'good').
 */
export function upscaleTargetWidth(
  inputWidth: number,
  printWidthIn: number,
  dpi: number = DEFAULT_DPI,
): number {
  return Math.max(inputWidth * AI_UPSCALE_FACTOR, Math.ceil(printWidthIn * dpi));
}
