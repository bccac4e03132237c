import { RELOAD_INACTIVITY_MS, WORKER_STORAGE_KEYS } from './constants.js';

/**
 * The reload rule (spec §4): when the next-job answer asks for a reload and the mouse has been
 * still for more than 60 s, the tab session id is cleared and the page reloads. A seller who is
 * using the page is never interrupted.
 */
export function shouldReloadTab(input: {
  reload: boolean;
  lastMouseActivity: number;
  now: number;
}): boolean {
  return input.reload && input.now - input.lastMouseActivity > RELOAD_INACTIVITY_MS;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void, options?: { passive?: boolean }): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface MouseActivity {
  /** When the mouse last moved in any tab of this browser (clock ms). */
  last(): number;
  dispose(): void;
}

const MOUSE_EVENTS = ['mousemove', 'mousedown', 'wheel'] as const;

/**
 * Tracks mouse activity into local storage ('last_mouse_activity', spec §3) so every tab sees
 * the latest, writing at most once per `writeEveryMs`. Tracking counts from its start: a tab
 * that has just loaded is not "inactive", so a reload cannot loop.
 */
export function trackMouseActivity(options: {
  target: EventTargetLike;
  storage: StorageLike | undefined;
  now: () => number;
  writeEveryMs: number;
}): MouseActivity {
  const { target, storage, now, writeEveryMs } = options;
  const startedAt = now();
  let local = startedAt;
  let written = -Infinity;
  const onActivity = () => {
    local = now();
    if (local - written < writeEveryMs) return;
    written = local;
    try {
      storage?.setItem(WORKER_STORAGE_KEYS.lastMouseActivity, String(local));
    } catch {
      // A full or blocked storage only loses the cross-tab view; this tab still counts.
    }
  };
  for (const type of MOUSE_EVENTS) target.addEventListener(type, onActivity, { passive: true });
  return {
    last() {
      let stored = Number.NaN;
      try {
        stored = Number(storage?.getItem(WORKER_STORAGE_KEYS.lastMouseActivity));
      } catch {
        stored = Number.NaN;
      }
      return Math.max(local, Number.isFinite(stored) ? stored : -Infinity);
    },
    dispose() {
      for (const type of MOUSE_EVENTS) target.removeEventListener(type, onActivity);
    },
  };
}
