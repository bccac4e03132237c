import { pagePath } from '@printloom/core';

/**
 * Numbers and texts of the dashboard shell taken from the spec (§2, §4, §8, §9). Rules that live
 * in @printloom/core (menu, survey, notification, featured info) keep their constants there.
 */

/**
 * Session token cookie: 604800 s = 7 days (spec §4 Login, §9), set HttpOnly by the server; the
 * readable marker beside it names the session without its token (env/session.ts).
 */
export const TOKEN_COOKIE = 'auth_token';
export const TOKEN_MAX_AGE_SECONDS = 604_800;
export const SESSION_MARKER_COOKIE = 'auth_session';

/** Minimum time a page-data fetch is shown as loading (spec §2). */
export const PAGE_DATA_MIN_DELAY_MS = 200;
/** New-version poll (spec §4, §9). */
export const VERSION_POLL_MS = 60_000;
export const NEW_VERSION_MESSAGE = 'A new version is available!';
export const NEW_VERSION_ACTION = 'Update Now';
/** Chunk-load failure reload at most once per 60 s (spec §8, §9). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';

/** Toasts (spec §8, §9): default 3000 ms bottom-right; error lists 500 ms per item, min 3000. */
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_PER_ITEM_MS = 500;
export const TOAST_UPLOAD_FAILED_MS = 5000;

/** Error pages (spec §2, §8). */
export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const BACK_HOME_LABEL = 'Back to the home page';
export const UNKNOWN_MIDDLEWARE_MESSAGE = 'Unknown middleware';
export const UNKNOWN_MIDDLEWARE_STATUS = 500;

/** Storage keys (spec §3 local storage, §4). */
export const STORAGE_KEYS = {
  theme: 'dark_mode',
  notifyFetchedAt: 'notify_fetched_at',
  notifyHideUntil: 'notify_hide_until',
  notifyDismissed: 'notify_dismissed',
  loginDialogNeverShow: 'login_dialog_never_show',
  disableProductTour: 'disable_product_tour',
  stepProductTour: 'step_product_tour',
} as const;
/** Session storage: an account switch just happened, so the survey waits (spec §4). */
export const JUST_SWITCHED_KEY = 'just_switched';
/** Session storage: the survey was closed in this tab, so it does not come back on each page. */
export const SURVEY_CLOSED_KEY = 'survey_closed';
/** 'Hide for one day' of the notification pop-up. */
export const NOTIFY_HIDE_MS = 24 * 60 * 60 * 1000;

/** Paths the shell sends users to (spec §2, §4), read from the PAGES table of core. */
export const PATHS = {
  home: pagePath('overview'),
  login: pagePath('login'),
  tfa: pagePath('tfa'),
  verifyEmail: pagePath('verify_email'),
  maintenance: pagePath('maintenance'),
  payouts: pagePath('payouts'),
  notifications: pagePath('notification_list'),
  smsTopup: pagePath('sms_topup'),
  accountSeller: pagePath('account_settings'),
  accountDesigner: pagePath('account'),
  tfaSettings: `${pagePath('general_settings')}?current_tab=2fa`,
  aiDesign: pagePath('ai_design'),
  featureRequests: pagePath('feature_requests'),
  contest: pagePath('contest'),
} as const;
/** Paths from which a login redirect carries no `redirect` parameter (spec §2). */
export const NO_REDIRECT_PATHS = ['/', '/login'] as const;

/** Tags read by the shell (spec §3, §6). */
export const TAGS = {
  beta: 'beta',
  notify: 'notify',
  hideNotifyModal: 'hide-notify-modal',
} as const;

/** Quick navigation (spec §2). */
export const QUICK_NAV_PLACEHOLDER = 'Go to page';
export const QUICK_NAV_CHOOSE = 'Please select a page.';
export const QUICK_NAV_NO_MATCH = 'No page matches what you typed.';

/** The page a signed-in user may not open (permission, tag or spec §6 gate missing). */
export const ACCESS_DENIED_TITLE = "You don't have access to this page";

/** Shell texts (spec §2). */
export const BRAND_TITLE = 'Printloom';
/** Notifications per page of /notifications. */
export const NOTIFICATIONS_PER_PAGE = 10;
export const EMPTY_NOTIFICATIONS = "You don't have any notifications.";
export const SMS_CREDITS_LABEL = 'SMS Credits:';
/** Avatar size in the user dropdown, fetched through the image proxy (spec §2). */
export const AVATAR_SIZE_PX = 32;
