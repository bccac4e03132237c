/** Most characters one text object may hold (spec §5, §9). */
export const TEXT_MAX_LENGTH = 16;
/** Most text objects on one print space (spec §5 "2 per print space", §9 "limit 2 per canvas"). */
export const TEXT_MAX_PER_PRINT_SPACE = 2;
/** What a new text object says (spec §9). */
export const TEXT_DEFAULT = 'Hello';
/** Font size of a new text object (spec §3 Text object, §9). */
export const TEXT_DEFAULT_FONT_SIZE = 100;
/** Font family of a new text object (spec §3 Text object). */
export const TEXT_DEFAULT_FONT_FAMILY = 'Roboto';
/** A new text box is this share of the print width (spec §9 "80 percent … scale 0.8"). */
export const TEXT_NEW_WIDTH_SCALE = 0.8;
/** Case conversions the editor offers (spec §5). */
export const TEXT_CASE_MODES = ['capitalize', 'uppercase', 'lowercase'] as const;
/**
 * Width modes of a text box (spec §5): fixed keeps the old width by scaling, limited cannot grow
 * beyond the old width, flexible follows the text freely.
 */
export const TEXT_WIDTH_MODES = ['fixed', 'limited', 'flexible'] as const;
