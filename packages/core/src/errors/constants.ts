/** Status of an error that carries none (spec §8: "or 500"). */
export const DEFAULT_ERROR_STATUS = 500;
/** Shown when an error holds no readable message at all. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred, please try again.';
