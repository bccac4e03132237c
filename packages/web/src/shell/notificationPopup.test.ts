import type { Notification } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  dismissedAfterClose,
  isLastStep,
  popupItems,
  popupReducer,
  readStatusPosts,
  shouldFetchPopup,
} from './notificationPopup.js';

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    subject: `Notice ${id}`,
    message: '<p>Hello</p>',
    is_warning: false,
    is_new: true,
    created_at: '2026-11-20T10:00:00Z',
    type: 1,
    seller_id: 7,
    topic: 'announcement',
    ...overrides,
  };
}

const HOUR = 60 * 60 * 1000;

describe('notification pop-up (spec §4)', () => {
  it('fetches at most once per 60-minute window', () => {
    const now = 10 * HOUR;
    expect(shouldFetchPopup({ tags: [], lastFetchAt: null, hideUntil: null, now })).toBe(true);
    expect(
      shouldFetchPopup({ tags: [], lastFetchAt: now - 59 * 60_000, hideUntil: null, now }),
    ).toBe(false);
    expect(shouldFetchPopup({ tags: [], lastFetchAt: now - HOUR, hideUntil: null, now })).toBe(
      true,
    );
  });

  it('stays hidden under the one-day flag and for hide-notify-modal users', () => {
    const now = 10 * HOUR;
    expect(shouldFetchPopup({ tags: [], lastFetchAt: null, hideUntil: now + 1, now })).toBe(false);
    expect(
      shouldFetchPopup({ tags: ['hide-notify-modal'], lastFetchAt: null, hideUntil: null, now }),
    ).toBe(false);
  });

  it('leaves out items dismissed before as id|seller_id, and old ones', () => {
    const items = [
      notification(1),
      notification(2),
      notification(3, { is_new: false }),
      notification(4, { seller_id: null }),
    ];
    expect(popupItems(items, ['1|7', '4|']).map((item) => item.id)).toEqual([2]);
  });

  it('steps with Back and Next, the last step reading Close', () => {
    let state = popupReducer(CLOSED, { type: 'show', items: [notification(1), notification(2)] });
    expect(state.open).toBe(true);
    expect(isLastStep(state)).toBe(false);
    state = popupReducer(state, { type: 'back' });
    expect(state.index).toBe(0);
    state = popupReducer(state, { type: 'next' });
    expect(isLastStep(state)).toBe(true);
    state = popupReducer(state, { type: 'next' });
    expect(state.index).toBe(1);
    expect(popupReducer(CLOSED, { type: 'show', items: [] }).open).toBe(false);
  });

  it('posts ticked ids with action 1 and every type-2 id with action 2 on close', () => {
    let state = popupReducer(CLOSED, {
      type: 'show',
      items: [notification(1, { type: 2 }), notification(2), notification(3, { type: 2 })],
    });
    state = popupReducer(state, { type: 'toggle', id: 2 });
    state = popupReducer(state, { type: 'toggle', id: 3 });
    state = popupReducer(state, { type: 'toggle', id: 3 });
    state = popupReducer(state, { type: 'close' });
    expect(readStatusPosts(state)).toEqual([
      { notification_ids: [2], action: 1 },
      { notification_ids: [1, 3], action: 2 },
    ]);
    expect(dismissedAfterClose(state)).toEqual(['2|7']);
  });

  it('posts nothing when nothing was ticked and no item is type 2', () => {
    const state = popupReducer(CLOSED, { type: 'show', items: [notification(1)] });
    expect(readStatusPosts(state)).toEqual([]);
  });
});
