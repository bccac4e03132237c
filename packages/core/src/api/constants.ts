/** Upload attempts before giving up (spec §4 Upload, §9). */
export const UPLOAD_ATTEMPTS = 3;
/**
 * Wait before the second upload attempt; each later one waits twice the one before (500 ms,
 * then 1 s), so a briefly overloaded store or bucket gets room instead of three quick hits.
 */
export const UPLOAD_RETRY_BASE_MS = 500;
/** The upload failure toast (spec §8). */
export const UPLOAD_FAILED_MESSAGE = 'Upload file failed';
export const UPLOAD_FAILED_DETAIL = 'Please try upload file again.';
/** Status of a successful pre-signed PUT (spec §7). */
export const UPLOAD_PUT_OK_STATUS = 200;
/** Switch-account failure messages (spec §8). */
export const SWITCH_ACCOUNT_FAILED_MESSAGE = 'Cannot switch to new account.';
export const SWITCH_BACK_FAILED_MESSAGE = 'Cannot switch to main account. Please try again!';
/** Message of an answer that does not match its schema. */
export const INVALID_RESPONSE_MESSAGE = 'The server sent an answer this client cannot read';
/** Largest side the image proxy resizes to (spec §9 design3x preset). */
export const IMAGE_PROXY_MAX_SIDE = 4500;
/** Image presets of spec §9: the box (width × height) an image is fitted in. */
export const IMAGE_PRESETS = {
  thumb: { width: 160, height: 200 },
  list: { width: 600, height: 750 },
  preview: { width: 400, height: 500 },
  mobile: { width: 640, height: 800 },
  list_mb: { width: 320, height: 400 },
  logo: { width: 256, height: 256 },
  avatar: { width: 160, height: 160 },
  favicon: { width: 32, height: 32 },
  full_hd: { width: 1000, height: 1250 },
  review_thumb: { width: 256, height: 256 },
} as const;
/** Email sender failures (spec §8), shown when the server gives no message of its own. */
export const EMAIL_SENDER_MESSAGES = {
  add: 'Failed to add sender',
  update: 'Failed to update sender',
  delete: 'Failed to delete sender',
  verify: 'Failed to verify sender',
  notFound: 'Sender not found',
  linkSent: 'We mailed a verification link to the sender address.',
  linkTooSoon: 'A verification link was just mailed; wait a minute before asking for another.',
  alreadyVerified: 'This sender is already verified.',
  noAddress: 'The store of this sender has no web address, so the sender has no mail address yet.',
} as const;
/** How long a sender's verification link works, and the least time between two of them. */
export const EMAIL_SENDER_LINK_TTL_SECONDS = 7 * 24 * 3600;
export const EMAIL_SENDER_LINK_INTERVAL_SECONDS = 60;
/** Sender list page defaults (spec §9: page 1, 15 per page). */
export const EMAIL_SENDER_PER_PAGE = 15;
/**
 * Header every client request carries. A cross-site form or image cannot set it, so the server
 * may require it on cookie-authenticated state changes as its CSRF check.
 */
export const CSRF_HEADER_NAME = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'printloom';
/** A seller without the user tag a route needs (spec §6 tag gating). */
export const FEATURE_OFF_MESSAGE = 'This feature is not enabled for this account.';
/** A seller without the pb or personalized tag asking for the design tool (spec §6). */
export const PERSONALIZED_OFF_MESSAGE = 'Personalised products are not enabled for this account.';
/**
 * Header a bulk worker may name itself in (e.g. 'server worker 1'): the server's request log
 * carries it, so a terminal can tell the server's own workers' calls from a person's.
 */
export const WORKER_NAME_HEADER = 'x-printloom-worker';
