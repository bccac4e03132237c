import { createContext, useContext, useEffect } from 'react';
import { useStore } from '../state/useStore.js';
import {
  type OverlayId,
  type OverlayQueue,
  type OverlayStatus,
  overlayTurn,
} from './overlayQueue.js';

/** The overlay queue of the signed-in shell (DefaultLayout creates and provides it). */
export const OverlayQueueContext = createContext<OverlayQueue | null>(null);

/**
 * Reports an overlay's status to a queue and answers whether it is that overlay's turn: it shows
 * only then, and a pending overlay uses its turn to decide (the pop-up fetches then).
 */
export function useOverlayTurnIn(queue: OverlayQueue, id: OverlayId, status: OverlayStatus) {
  useEffect(() => queue.report(id, status), [queue, id, status]);
  const states = useStore(queue);
  return overlayTurn(states) === id;
}

/** `useOverlayTurnIn` with the shell's queue. */
export function useOverlayTurn(id: OverlayId, status: OverlayStatus): boolean {
  const queue = useContext(OverlayQueueContext);
  if (!queue) throw new Error(`The ${id} overlay is outside the signed-in shell`);
  return useOverlayTurnIn(queue, id, status);
}
