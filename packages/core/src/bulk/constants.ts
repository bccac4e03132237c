/** Server reasons of the regular bulk next-job answer and how long to wait on each (spec §8, §9). */
export const BULK_NEXT_JOB_REASONS = [
  'bulk_not_processing',
  'limit_campaign_per_day',
  'limit_campaign_per_minute',
] as const;
export const REGULAR_WORKER_RETRY_DEFAULT_MS = 10_000;
export const REGULAR_WORKER_RETRY_NOT_PROCESSING_MS = 1_000;
export const REGULAR_WORKER_RETRY_LIMIT_MS = 30_000;
/** Reload is honoured only after more than this much mouse inactivity (spec §4). */
export const REGULAR_WORKER_RELOAD_INACTIVITY_MS = 60_000;
/** Messages the regular worker logs to the server (spec §8). */
export const REGULAR_WORKER_LOG_MESSAGES = {
  campaignFetchFailed: 'Campaign fetch failed',
  campaignDataNotFound: 'Campaign data not found',
  campaignHasNoProducts: 'Campaign has no products',
  originalCampaignHasNoDesign: 'Original campaign has no design',
  missingPrintSpaces: 'Missing print spaces',
  cannotLoadDesigns: 'Cannot load designs',
} as const;
/** What each regular worker message means, in words a seller reads (bulk lists, pre-checks). */
export const REGULAR_WORKER_LOG_TEXTS: Readonly<Record<string, string>> = {
  [REGULAR_WORKER_LOG_MESSAGES.campaignFetchFailed]: 'The template campaign could not be fetched',
  [REGULAR_WORKER_LOG_MESSAGES.campaignDataNotFound]: 'The template campaign was not found',
  [REGULAR_WORKER_LOG_MESSAGES.campaignHasNoProducts]: 'The template campaign has no products',
  [REGULAR_WORKER_LOG_MESSAGES.originalCampaignHasNoDesign]:
    'The template campaign has no design for the artwork to take the place of',
  [REGULAR_WORKER_LOG_MESSAGES.missingPrintSpaces]:
    'A product of the template campaign has no readable print spaces',
  [REGULAR_WORKER_LOG_MESSAGES.cannotLoadDesigns]: 'The artwork could not be loaded',
};
/**
 * Logged problems no retry can cure: the template campaign itself is unusable, so the server
 * marks the job failed (the seller fixes the template and retries) instead of handing it out again.
 */
export const REGULAR_WORKER_FATAL_LOGS: readonly string[] = [
  REGULAR_WORKER_LOG_MESSAGES.campaignDataNotFound,
  REGULAR_WORKER_LOG_MESSAGES.campaignHasNoProducts,
  REGULAR_WORKER_LOG_MESSAGES.originalCampaignHasNoDesign,
  REGULAR_WORKER_LOG_MESSAGES.missingPrintSpaces,
];
/** Multi-space worker timing (spec §9). */
export const MULTI_SPACE_POLL_MS = 1000;
export const MULTI_SPACE_POLL_THROTTLE_MS = 10_000;
export const MULTI_SPACE_RETRY_WAIT_MS = 2000;
/** Bulk list page size (spec §9 default page size). */
export const BULK_LIST_PER_PAGE = 10;
/** Most rows one pending claim may take, and most rows one job may hold. */
export const BULK_PENDING_TAKE_MAX = 50;
export const BULK_JOB_ROWS_MAX = 5000;
/** Bulk list and worker messages (spec §8). */
export const BULK_MESSAGES = {
  noPendingRecord: 'No pending record found',
  failedToGetPendingRecords: 'Failed to get pending records',
  campaignNotFound: 'Campaign not found',
} as const;
/** Rendered design files of bulk rows go beside the mockups' 'p/{campaignId}' (spec §7). */
export const DESIGN_UPLOAD_PREFIX = 'd';
/** Longest side of a bulk mockup image (spec §9 mockup max size 2000). */
export const BULK_MOCKUP_SIZE = 2000;
/**
 * Claims of one bulk row or regular job before it is failed instead of handed out again: an
 * artwork that cannot be rendered would otherwise go round the workers forever. A seller's
 * retry (or start) gives it fresh attempts.
 */
export const BULK_ROW_MAX_ATTEMPTS = 3;
/** How a row that used up its attempts is failed: '{gaveUp}: {the last reason}'. */
export const BULK_ATTEMPT_MESSAGES = {
  gaveUp: `Failed after ${BULK_ROW_MAX_ATTEMPTS} attempts`,
  /** The reason when no worker said why: each claim ran out of time (the worker died). */
  unfinished: 'no worker finished it in time',
} as const;
/** The longest reason a worker sends (mark-row-invalid takes at most 1000 characters). */
export const BULK_REASON_MAX_LENGTH = 1000;
