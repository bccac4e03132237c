import { createStore } from '@printloom/core';

/**
 * One overlay at a time (issue 11). On a first login the accounts dialog, the seller survey, the
 * notification pop-up and the product tour all want the screen; opened together the top one
 * blocked clicks on the others. They take turns in this order (spec §4 dialog order, the tour
 * last because it points at the page under it):
 *
 *   accounts → survey → notifications → tour
 *
 * Each overlay reports a status:
 *   - 'pending': its rule is not decided yet (accounts not loaded, pop-up not fetched, tour
 *     waiting for the getting-started panel);
 *   - 'ready':   it wants the screen, or has it;
 *   - 'done':    closed, or not due in this visit.
 * The turn belongs to the first overlay in the order that is not done, and stays with it while
 * it is pending, so a later overlay never opens under an earlier one that is about to show.
 * An overlay that is not reported yet counts as pending.
 */
export const OVERLAY_ORDER = ['accounts', 'survey', 'notifications', 'tour'] as const;

export type OverlayId = (typeof OVERLAY_ORDER)[number];
export type OverlayStatus = 'pending' | 'ready' | 'done';
export type OverlayStates = Readonly<Partial<Record<OverlayId, OverlayStatus>>>;

/** The overlay whose turn it is, or null when every one is done. */
export function overlayTurn(states: OverlayStates): OverlayId | null {
  return OVERLAY_ORDER.find((id) => (states[id] ?? 'pending') !== 'done') ?? null;
}

/** Whether an overlay may show now: its turn, and it wants to. */
export function mayShow(states: OverlayStates, id: OverlayId): boolean {
  return overlayTurn(states) === id && states[id] === 'ready';
}

export interface OverlayQueue {
  subscribe(listener: () => void): () => void;
  getSnapshot(): OverlayStates;
  report(id: OverlayId, status: OverlayStatus): void;
}

/** The queue of one signed-in shell; its snapshot changes identity only when a status does. */
export function createOverlayQueue(): OverlayQueue {
  const states = createStore<OverlayStates>({});
  return {
    subscribe: states.subscribe,
    getSnapshot: states.getSnapshot,
    report(id, status) {
      states.update((current) => (current[id] === status ? current : { ...current, [id]: status }));
    },
  };
}
