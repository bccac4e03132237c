/** Hex characters of the hash that name a stored upload (spec §5 "first 6 characters"). */
export const UPLOAD_NAME_HASH_LENGTH = 6;
/** Prefixes of image paths used as they are (spec §5). */
export const AS_IS_IMAGE_PREFIXES = ['http://', 'https://', 'images/', 'data:'] as const;
/** Message when an upload has no file (spec §5 "Upload requires a file"). */
export const UPLOAD_FILE_REQUIRED_MESSAGE = 'Please choose a file to upload.';
