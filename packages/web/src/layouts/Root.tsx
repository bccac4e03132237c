import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { LoadingBar } from '../shell/LoadingBar.js';
import { useModalTabTrap } from '../shell/useModalTabTrap.js';
import { VersionNotice } from '../shell/VersionNotice.js';
import { useStore } from '../state/useStore.js';
import { toasts } from '../toast/toastStore.js';

/**
 * The toasts' component and its transitions load with the first toast: the login page and the
 * shell do not carry them (the login + shell JS budget).
 */
const LazyToaster = lazy(async () => ({ default: (await import('../toast/Toaster.js')).Toaster }));

function Toasts() {
  const waiting = useStore(toasts).length > 0;
  const [loaded, setLoaded] = useState(false);
  // Once shown it stays mounted, so later toasts slide in and out without a reload of the chunk.
  if (waiting && !loaded) setLoaded(true);
  return loaded ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

const APP_TITLE = 'Seller Dashboard';

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? String((handle as { title: unknown }).title)
    : undefined;
}

/** What every layout shares: loading bar, version notice, toasts and the document title. */
export function Root() {
  const matches = useMatches();
  useModalTabTrap();
  const title = matches
    .map((match) => titleOf(match.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} | ${APP_TITLE}` : APP_TITLE;
  }, [title]);
  return (
    <>
      <LoadingBar />
      <VersionNotice />
      <Outlet />
      <Toasts />
    </>
  );
}
