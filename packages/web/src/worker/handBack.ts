import type { ReleaseLeaseBody } from '@printloom/core';

/** The two kinds of leased work a tab can hold. */
export type LeaseKind = 'multiSpace' | 'regular';

export interface HandBackOptions {
  /** Gives one lease back (`bulk-v3/release` or `bulk/release`), sent so it outlives the page. */
  release: (kind: LeaseKind, body: ReleaseLeaseBody) => Promise<unknown>;
  /** Where `pagehide` is heard: the window. */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface HandBack {
  /** What each worker holds now (a claimed row or job not yet saved), from its states. */
  hold(kind: LeaseKind, lease: ReleaseLeaseBody | null): void;
  /** Gives every lease held back now. */
  releaseAll(): void;
  dispose(): void;
}

/**
 * Leases the tab's workers hold, given back when the tab goes away (closed, reloaded, navigated
 * off the dashboard): its rows return to the queue at once for another worker instead of
 * waiting for their leases to expire. A normal stop lets the row in hand finish instead.
 */
export function createHandBack(options: HandBackOptions): HandBack {
  const held = new Map<LeaseKind, ReleaseLeaseBody>();
  const releaseAll = () => {
    for (const [kind, lease] of held) {
      options.release(kind, lease).catch((error: unknown) => {
        // The lease then runs out on its own; nothing else is lost.
        console.warn('[bulk worker] Release failed', error);
      });
    }
    held.clear();
  };
  options.target.addEventListener('pagehide', releaseAll);
  return {
    hold(kind, lease) {
      if (lease) held.set(kind, lease);
      else held.delete(kind);
    },
    releaseAll,
    dispose() {
      options.target.removeEventListener('pagehide', releaseAll);
    },
  };
}
