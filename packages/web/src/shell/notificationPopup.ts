import {
  NOTIFICATION_READ_ACTIONS,
  NOTIFICATION_THROTTLE_MINUTES,
  NOTIFICATION_TYPE_SPECIAL_READ,
  type Notification,
  type NotificationReadStatus,
} from '@printloom/core';

/**
 * The seller notification pop-up (spec §4).
 *
 * When: at most one fetch per 60-minute window; never while the 'hide for one day' flag runs;
 * never for users tagged hide-notify-modal; shown 500 ms after the fetch. Items dismissed before
 * (kept as `id|seller_id`) are left out.
 *
 * Modes: closed → open(index) → closed. Back and Next step through the items; on the last one
 * the button reads Close. Closing returns the read-status posts to make: ticked "Don't show this
 * notification" ids with action 1, and every type-2 id shown with action 2.
 */

export const HIDE_NOTIFY_TAG = 'hide-notify-modal';
const WINDOW_MS = NOTIFICATION_THROTTLE_MINUTES * 60 * 1000;

export function dismissKey(item: Pick<Notification, 'id' | 'seller_id'>): string {
  return `${item.id}|${item.seller_id ?? ''}`;
}

export function shouldFetchPopup(input: {
  tags: readonly string[];
  lastFetchAt: number | null;
  hideUntil: number | null;
  now: number;
}): boolean {
  if (input.tags.includes(HIDE_NOTIFY_TAG)) return false;
  if (input.hideUntil !== null && input.now < input.hideUntil) return false;
  return input.lastFetchAt === null || input.now - input.lastFetchAt >= WINDOW_MS;
}

/** The items the pop-up shows: new ones not dismissed before. */
export function popupItems(
  items: readonly Notification[],
  dismissed: readonly string[],
): Notification[] {
  const gone = new Set(dismissed);
  return items.filter((item) => item.is_new && !gone.has(dismissKey(item)));
}

export interface PopupState {
  items: readonly Notification[];
  index: number;
  /** Ids ticked "Don't show this notification". */
  ticked: readonly number[];
  open: boolean;
}

export type PopupEvent =
  | { type: 'show'; items: readonly Notification[] }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'toggle'; id: number }
  | { type: 'close' };

export const CLOSED: PopupState = { items: [], index: 0, ticked: [], open: false };

export function popupReducer(state: PopupState, event: PopupEvent): PopupState {
  switch (event.type) {
    case 'show':
      return event.items.length === 0
        ? CLOSED
        : { items: event.items, index: 0, ticked: [], open: true };
    case 'next':
      return { ...state, index: Math.min(state.index + 1, state.items.length - 1) };
    case 'back':
      return { ...state, index: Math.max(state.index - 1, 0) };
    case 'toggle':
      return {
        ...state,
        ticked: state.ticked.includes(event.id)
          ? state.ticked.filter((id) => id !== event.id)
          : [...state.ticked, event.id],
      };
    case 'close':
      return { ...state, open: false };
  }
}

export function isLastStep(state: PopupState): boolean {
  return state.index >= state.items.length - 1;
}

/** The read-status posts of a closing pop-up, in the order they are sent. */
export function readStatusPosts(state: PopupState): NotificationReadStatus[] {
  const posts: NotificationReadStatus[] = [];
  if (state.ticked.length > 0) {
    posts.push({
      notification_ids: [...state.ticked],
      action: NOTIFICATION_READ_ACTIONS.dontShowAgain,
    });
  }
  const typeTwo = state.items
    .filter((item) => item.type === NOTIFICATION_TYPE_SPECIAL_READ)
    .map((item) => item.id);
  if (typeTwo.length > 0) {
    posts.push({ notification_ids: typeTwo, action: NOTIFICATION_READ_ACTIONS.typeTwoSeen });
  }
  return posts;
}

/** Keys to remember as dismissed after closing: the ticked items. */
export function dismissedAfterClose(state: PopupState): string[] {
  return state.items.filter((item) => state.ticked.includes(item.id)).map(dismissKey);
}
