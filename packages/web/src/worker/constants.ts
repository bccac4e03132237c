/**
 * Numbers and names of the in-tab bulk workers (spec §4 bulk workers, §3 local storage, §9).
 * Worker timings of the state machines themselves live in @printloom/core's bulk constants.
 */
import { REGULAR_WORKER_RELOAD_INACTIVITY_MS } from '@printloom/core';

/** On the busy routes the regular worker only waits, 30 s at a time (spec §4). */
export const ROUTE_WAIT_MS = 30_000;

/**
 * Routes where the seller does heavy work of their own (importing, editing designs), so the
 * regular worker stays out of the way (spec §4: multi-print-spaces bulk, campaign edit, bulk
 * type/id, campaigns import, bulk custom mockup). Every campaign editor route is counted as
 * "campaign edit": they share one editor.
 */
export const WAIT_ROUTE_PATTERNS = [
  '/bulk-campaigns/multi-print-spaces',
  '/bulk-campaigns/multi-print-spaces/import/:id?',
  '/campaigns/edit/:id?',
  '/campaigns/ai/edit/:id?',
  '/campaigns/aop/edit/:id?',
  '/campaigns/combo/edit/:id?',
  '/campaigns/custom/edit/:id?',
  '/bulk-campaigns/:type?/:id',
  '/campaigns/import',
  '/bulk-campaigns/custom/mockup/:id?',
] as const;

/** Reload only after more than this much mouse inactivity (spec §4, §9). */
export const RELOAD_INACTIVITY_MS = REGULAR_WORKER_RELOAD_INACTIVITY_MS;
/** Mouse activity is written to local storage at most this often. */
export const MOUSE_ACTIVITY_WRITE_MS = 1000;

/** How often a tab checks that the session its workers started under is still the one. */
export const SESSION_CHECK_MS = 1000;

/** Storage keys: spec §3 names 'last_mouse_activity'; the others are ours. */
export const WORKER_STORAGE_KEYS = {
  lastMouseActivity: 'last_mouse_activity',
  /** Session storage: this tab's session id, cleared by the reload rule. */
  tabSessionId: 'tab_session_id',
  /** Local storage: this browser's device id. */
  deviceId: 'device_id',
} as const;

/** The Web Lock (or BroadcastChannel) that makes one tab per browser the one running workers. */
export const WORKER_LOCK_NAME = 'printloom-bulk-workers';
/** BroadcastChannel election, used where the Web Locks API is missing (plain-http hosts). */
export const LEADER_HEARTBEAT_MS = 1000;
export const LEADER_TIMEOUT_MS = 3000;

/** Where the server keeps the catalog's template assets and their manifest (demo seed). */
export const TEMPLATE_ASSETS_BASE = '/files/s0/templates/';
/** JPEG quality of mockups (spec §9 "webp quality 90", the renderer's default). */
export const MOCKUP_JPEG_QUALITY = 0.9;
/** Largest artwork the tab decodes: 50 megapixels, as the Node renderer allows. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Statuses the worker panel shows besides the state machines' modes. */
export const WORKER_STATUS = {
  starting: 'starting',
  standby: 'standby: another tab runs the workers',
  routeWait: 'waiting 30 s: busy page',
  stopped: 'stopped',
} as const;
