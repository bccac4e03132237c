import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { LoadingBar } from '../shell/LoadingBar.js';
import { useModalTabTrap } from '../shell/useModalTabTrap.js';
import { VersionNotice } from '../shell/VersionNotice.js';
import { Toaster } from '../toast/Toaster.js';

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
      <Toaster />
    </>
  );
}
