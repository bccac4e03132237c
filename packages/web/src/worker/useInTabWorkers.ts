import type { UserLike } from '@printloom/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { readDeviceTraits, workerSkipReason } from './skipRules.js';

/**
 * Runs this tab's bulk workers while `user` is signed in (spec §4): skipped for designers,
 * phones and tablets; stopped when the layout unmounts (logout; the shell is keyed by account,
 * so a switch remounts it) and, within the workers, as soon as the session cookie changes. The
 * workers and their renderer are a chunk of their own, loaded only when they run.
 */
export function useInTabWorkers(user: UserLike): void {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  const skip = workerSkipReason(user, readDeviceTraits());

  useEffect(() => {
    if (skip) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    import('./startInTabWorkers.js')
      .then(({ startInTabWorkers }) => {
        if (cancelled) return;
        stop = startInTabWorkers({ getPathname: () => path.current }).stop;
      })
      .catch((error: unknown) => console.error('The bulk workers could not load', error));
    return () => {
      cancelled = true;
      void stop?.();
    };
  }, [skip]);
}
