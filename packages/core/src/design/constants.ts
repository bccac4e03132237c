/** The editor shows the print space inside a frame 1.4 times its longest side (spec §9). */
export const CANVAS_DISPLAY_MARGIN_FACTOR = 1.4;
/** Outline stroke of the print area in the editor (spec §9). */
export const CANVAS_STROKE_WIDTH = 2;
/** Objects snap to the print area's centre lines within this many units (spec §5, §9). */
export const SNAP_DISTANCE = 100;
/** A replacement image reuses the placement when aspect ratios differ by less than this (spec §5). */
export const ASPECT_RATIO_REUSE_TOLERANCE = 0.005;
/** Long side of an exported design canvas (spec §9). */
export const EXPORT_CANVAS_SIZE = 1000;
/** Aspect ratio above which the export canvas grows by {@link EXPORT_WIDE_FACTOR} (spec §9). */
export const EXPORT_WIDE_ASPECT_RATIO = 1.5;
export const EXPORT_WIDE_FACTOR = 1.5;
/** A 3D full-print design exports three times larger (spec §9). */
export const EXPORT_3D_FULL_PRINT_FACTOR = 3;
/** Largest side of a PNG export that is not at native size (spec §9). */
export const PNG_EXPORT_MAX_SIDE = 1920;
/** The design blob a 3D mockup is textured with: 1500 wide, 1.25 times that high (spec §9). */
export const DESIGN_3D_BLOB_WIDTH = 1500;
export const DESIGN_3D_BLOB_HEIGHT_RATIO = 1.25;
/** Width of the editor preview (spec §9). */
export const PREVIEW_DISPLAY_WIDTH = 500;
/** Print type code of a 3D full-print product (spec §3 "2 full 3D"). */
export const PRINT_TYPE_FULL_3D = 2;
/** Kinds of design object the editor places. */
export const DESIGN_OBJECT_TYPES = ['image', 'text'] as const;
/** Text alignments (spec §4): the anchor that stays put as the text changes length. */
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
