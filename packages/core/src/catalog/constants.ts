/** Mockup defaults (spec §3 Mockup, §9). */
export const MOCKUP_DEFAULT_COLOR = '#FFFFFF';
export const MOCKUP_MAX_SIZE = 2000;
export const MOCKUP_PREVIEW_MAX_SIZE = 500;
export const MOCKUP_DEFAULT_PRINT_WIDTH = 1000;
export const MOCKUP_DEFAULT_PRINT_HEIGHT = 1000;
/** Print-space resolution defaults of a product template (spec §3 Print space, §9). */
export const TEMPLATE_PRINT_SPACE_DPI = 300;
export const TEMPLATE_PRINT_SPACE_MIN_DPI = 150;
/** How mockups are drawn: stacked 2D layer images, or a 3D model file (spec §1, §3). */
export const MOCKUP_TYPES = ['2d', '3d'] as const;
