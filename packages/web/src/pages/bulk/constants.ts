import { pagePath } from '@printloom/core';

/** Bulk pages (spec §2 routes). */
export const MULTI_SPACE_LIST_PATH = '/bulk-campaigns/multi-print-spaces';
export const IMPORT_PATH = '/bulk-campaigns/multi-print-spaces/import';
export const REGULAR_LIST_PATH = '/bulk-campaigns';
/** Import of regular bulk jobs: one campaign per artwork (spec §2 /campaigns/bulk/{id?}). */
export const REGULAR_IMPORT_PATH = '/campaigns/bulk';
/** The same import from a template campaign (spec §2 /campaigns/template/bulk/{id?}). */
export const TEMPLATE_BULK_PATH = pagePath('campaign_template_bulk');
/** Artwork files uploaded at the same time on the import page. */
export const UPLOAD_CONCURRENCY = 3;
/** Rows of a job shown per page while following it. */
export const JOB_ROWS_PER_PAGE = 25;
/** Template campaigns offered per search on the import page. */
export const TEMPLATE_SEARCH_SIZE = 8;
