import {
  BULK_JOB_STATUSES,
  BULK_LIST_PER_PAGE,
  CAMPAIGN_LIST_PER_PAGE,
  CAMPAIGN_PRODUCT_TYPES,
  CAMPAIGN_TYPES,
  DATE_RANGE_PRESETS,
  type DateRangePreset,
  DEFAULT_CAMPAIGN_ORDER_BY,
  ENTITY_STATUSES,
  MULTI_SPACE_TYPES,
} from '@printloom/core';

/**
 * The list queries of spec §3 kept in the page address, so a filtered list survives a reload,
 * a shared link and the back button. Each list names its fields with a default and the values
 * it accepts; values at their default are left out of the address, and a value the list does
 * not accept (a hand-edited address, an old bookmark) reads as the default instead of failing
 * the page.
 */
export interface FieldSpec {
  default: string;
  accept: (value: string) => boolean;
}
export type ListSpec<K extends string> = Record<K, FieldSpec>;
export type ListState<K extends string> = Record<K, string>;

const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);
const any = (): boolean => true;
const positiveInt = (value: string): boolean => /^[1-9]\d{0,6}$/.test(value);
const day = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Reads a list's state from the address; fields missing or refused take their default. */
export function readListQuery<K extends string>(
  spec: ListSpec<K>,
  params: URLSearchParams,
): ListState<K> {
  const state = {} as ListState<K>;
  for (const key of Object.keys(spec) as K[]) {
    const field = spec[key];
    const raw = params.get(key)?.trim();
    state[key] = raw !== undefined && raw !== '' && field.accept(raw) ? raw : field.default;
  }
  return state;
}

/** Writes a list's state as address parameters, leaving out every field at its default. */
export function writeListQuery<K extends string>(
  spec: ListSpec<K>,
  state: ListState<K>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(spec) as K[]) {
    const value = state[key].trim();
    if (value !== '' && value !== spec[key].default) params.set(key, value);
  }
  return params;
}

/**
 * A change of filters: every field but the page goes back to page 1, since the page the
 * seller was on may not exist in the new result.
 */
export function changeListQuery<K extends string>(
  state: ListState<K>,
  change: Partial<ListState<K>>,
): ListState<K> {
  const next = { ...state, ...change };
  const pageOnly = Object.keys(change).every((key) => key === 'page');
  if (!pageOnly && 'page' in next) (next as Record<string, string>).page = '1';
  return next;
}

/** Time filter: a preset, or 'custom' with both days in order; '' is all time. */
function timeQuery(state: { time: string; from: string; to: string }) {
  if (state.time === '') return {};
  if (state.time !== 'custom') return { time: state.time as DateRangePreset };
  if (state.from === '' || state.to === '' || state.from > state.to) return {};
  return { time: 'custom' as const, from: state.from, to: state.to };
}

/** Whether a 'custom' time filter still lacks its days (then the list shows all time). */
export function isIncompleteCustomRange(state: { time: string; from: string; to: string }) {
  return state.time === 'custom' && timeQuery(state).time === undefined;
}

const optional = <T extends string>(value: string) => (value === '' ? undefined : (value as T));

// Campaign list (spec §3 Campaign list query, §9: 15 per page, newest first).

export const CAMPAIGN_ORDERS = [
  { value: 'id:desc', label: 'Newest first' },
  { value: 'id:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'updated_at:desc', label: 'Recently updated' },
] as const;

export const CAMPAIGN_LIST_SPEC = {
  q: { default: '', accept: any },
  page: { default: '1', accept: positiveInt },
  status: { default: '', accept: oneOf(ENTITY_STATUSES) },
  product_type: { default: '', accept: oneOf(CAMPAIGN_PRODUCT_TYPES) },
  system_type: { default: '', accept: oneOf(CAMPAIGN_TYPES) },
  time: { default: '', accept: oneOf(DATE_RANGE_PRESETS) },
  from: { default: '', accept: day },
  to: { default: '', accept: day },
  order_by: {
    default: DEFAULT_CAMPAIGN_ORDER_BY,
    accept: oneOf(CAMPAIGN_ORDERS.map((order) => order.value)),
  },
} satisfies ListSpec<string>;
export type CampaignListState = ListState<keyof typeof CAMPAIGN_LIST_SPEC>;

/** The API query of a campaign list state; no product type means the spec's default three. */
export function campaignApiQuery(state: CampaignListState) {
  return {
    q: optional(state.q),
    page: Number(state.page),
    per_page: CAMPAIGN_LIST_PER_PAGE,
    status: optional<(typeof ENTITY_STATUSES)[number]>(state.status),
    product_type: optional(state.product_type),
    system_type: optional<(typeof CAMPAIGN_TYPES)[number]>(state.system_type),
    ...timeQuery(state),
    order_by: state.order_by,
  };
}

// Bulk lists (spec §3 bulk list query: q, page, per_page, status, type, time, order_by).

export const BULK_PER_PAGE_OPTIONS = ['10', '25', '50', '100'] as const;

export const BULK_ORDERS = [
  { value: 'id:desc', label: 'Newest first' },
  { value: 'id:asc', label: 'Oldest first' },
  { value: 'status:asc', label: 'By status' },
] as const;

const bulkFields = {
  q: { default: '', accept: any },
  page: { default: '1', accept: positiveInt },
  per_page: { default: String(BULK_LIST_PER_PAGE), accept: oneOf(BULK_PER_PAGE_OPTIONS) },
  status: { default: '', accept: oneOf(BULK_JOB_STATUSES) },
  time: { default: '', accept: oneOf(DATE_RANGE_PRESETS) },
  from: { default: '', accept: day },
  to: { default: '', accept: day },
  order_by: { default: 'id:desc', accept: oneOf(BULK_ORDERS.map((order) => order.value)) },
};

export const MULTI_SPACE_LIST_SPEC = {
  ...bulkFields,
  type: { default: '', accept: oneOf(MULTI_SPACE_TYPES) },
} satisfies ListSpec<string>;
export type MultiSpaceListState = ListState<keyof typeof MULTI_SPACE_LIST_SPEC>;

export const REGULAR_BULK_LIST_SPEC = bulkFields satisfies ListSpec<string>;
export type RegularBulkListState = ListState<keyof typeof REGULAR_BULK_LIST_SPEC>;

function bulkCommon(state: RegularBulkListState) {
  return {
    q: optional(state.q),
    page: Number(state.page),
    per_page: Number(state.per_page),
    status: optional<(typeof BULK_JOB_STATUSES)[number]>(state.status),
    ...timeQuery(state),
    order_by: state.order_by,
  };
}

export function regularBulkApiQuery(state: RegularBulkListState) {
  return bulkCommon(state);
}

export function multiSpaceApiQuery(state: MultiSpaceListState) {
  return {
    ...bulkCommon(state),
    type: optional<(typeof MULTI_SPACE_TYPES)[number]>(state.type),
  };
}
