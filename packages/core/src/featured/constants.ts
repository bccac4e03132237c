/** Carousel timing and the server cache of featured info (spec §2, §9). */
export const FEATURED_CAROUSEL_INTERVAL_MS = 3000;
export const FEATURED_CACHE_SECONDS = 60;
export const FEATURED_PANEL_MAX_WIDTH_PX = 500;
