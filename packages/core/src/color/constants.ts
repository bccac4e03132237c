/** A colour counts as dark below this brightness, on a 0–100 scale (spec §5). */
export const DARK_BRIGHTNESS_THRESHOLD = 50;
/** Mockup colours darker than this share of full lightness are lightened up to it (spec §5). */
export const MOCKUP_MIN_BRIGHTNESS = 0.2;
/** What an unreadable background colour shows as (spec §5 "semi-transparent white"). */
export const BACKGROUND_FALLBACK = 'rgba(255, 255, 255, 0.5)';
