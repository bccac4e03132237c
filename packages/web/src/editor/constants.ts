import { TEXT_MAX_LENGTH, TEXT_MAX_PER_PRINT_SPACE } from '@printloom/core';

/**
 * Numbers and texts of the design editor. The spec's rules (text limits, DPI, snapping, restricted
 * mode, export sizes) come from @printloom/core; these are the editor's own interaction choices.
 */

/** Arrow keys move the selection this many print pixels; Shift moves ten times as far. */
export const NUDGE_STEP = 10;
export const NUDGE_SHIFT_FACTOR = 10;
/** One press of the grow / shrink key or button scales by this factor. */
export const SCALE_STEP = 1.05;
/** One press of the rotate key or button turns by this many degrees; rotation drags snap to it with Shift. */
export const ROTATE_STEP = 15;
/** Undo keeps this many steps. */
export const HISTORY_LIMIT = 100;
/** Corner handles, in CSS pixels; the rotation handle sits this far above the top edge. */
export const HANDLE_SIZE = 12;
export const ROTATE_HANDLE_OFFSET = 28;
/** The editor canvas is at most this wide (CSS pixels); the frame is square (spec §9 display scale). */
export const EDITOR_MAX_DISPLAY_WIDTH = 560;
/** Images are drawn on screen from a copy at most this many pixels on the long side. */
export const IMAGE_PREVIEW_MAX_SIDE = 1280;
/** The mockup re-renders this long after the last design change. */
export const MOCKUP_DEBOUNCE_MS = 250;
/** The in-editor mockup preview: 500 px on its long side (spec §9 "500 for previews"). */
export const MOCKUP_PREVIEW_SIZE = 500;
/** Design image the live mockup is drawn from (the print area on a 500 px mockup is far smaller). */
export const MOCKUP_DESIGN_PREVIEW_SIDE = 800;

export const EDITOR_MESSAGES = {
  textLimit: `A print space holds at most ${TEXT_MAX_PER_PRINT_SPACE} texts.`,
  textLength: `A text can hold at most ${TEXT_MAX_LENGTH} characters.`,
  loading: 'The design is still loading. Try again in a moment.',
  locked: 'This design is locked. Unlock it to make changes.',
  objectLocked: 'This object is locked.',
  rotationLocked: 'Rotation is locked while objects are kept inside the print area.',
  loadImgFailed: 'Load img failed',
  noSelection: 'Select an object first.',
  badBackground: 'Write the background colour as #rgb or #rrggbb.',
} as const;
