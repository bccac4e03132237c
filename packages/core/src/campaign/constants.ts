/** Campaign list defaults (spec §3 Enumerations, §7, §9). */
export const CAMPAIGN_LIST_PER_PAGE = 15;
export const CAMPAIGN_PRODUCT_TYPES = [
  'campaign',
  'campaign_express',
  'campaign_template',
] as const;
export const DEFAULT_CAMPAIGN_LIST_PRODUCT_TYPE = 'campaign,campaign_express,campaign_template';
export const DEFAULT_CAMPAIGN_ORDER_BY = 'id:desc';
/** Columns a campaign list may be ordered by. */
export const CAMPAIGN_ORDER_FIELDS = ['id', 'name', 'created_at', 'updated_at', 'status'] as const;
/** Blob-store folder of a campaign's mockups (spec §7): 'p/{campaignId}'. */
export const MOCKUP_UPLOAD_FOLDER_PREFIX = 'p';
/** `is_default_mockup` is sent as text (spec §3 Mockup upload record). */
export const IS_DEFAULT_MOCKUP = { yes: '1', no: '0' } as const;
/** Design save option: 'custom' when the design has text, else 'print' (spec §3). */
export const DESIGN_OPTIONS = ['custom', 'print'] as const;
/** The most campaigns one bulk action of the list may name (the list shows at most 100 a page). */
export const CAMPAIGN_BULK_ACTION_MAX_IDS = 100;
/** Bulk job rows and regular jobs that may still create or read their template campaign. */
export const UNFINISHED_BULK_STATUSES = [
  'pending',
  'processing',
  'stopped',
  'save_design',
] as const;
