import { TEMPLATE_PRINT_SPACE_DPI, TEMPLATE_PRINT_SPACE_MIN_DPI } from '../catalog/constants.js';

/** Print-space resolution defaults (spec §3 Print space, §9): 300 DPI, at least 150. */
export const DEFAULT_DPI = TEMPLATE_PRINT_SPACE_DPI;
export const DEFAULT_MIN_DPI = TEMPLATE_PRINT_SPACE_MIN_DPI;
/** Quality labels of a design (spec §5). */
export const QUALITY_LABELS = ['good', 'normal', 'low'] as const;
