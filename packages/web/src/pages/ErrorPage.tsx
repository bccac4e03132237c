import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { BACK_HOME_LABEL, CHUNK_RELOAD_KEY, NOT_FOUND_MESSAGE, PATHS } from '../constants.js';
import { readStorage, writeStorage } from '../env/storage.js';
import { isChunkLoadError, shouldReloadForChunk } from '../shell/chunkReload.js';

const NOT_FOUND = 404;

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'string' && error.data !== '' ? error.data : error.statusText;
    return {
      status: error.status,
      message: error.status === NOT_FOUND ? NOT_FOUND_MESSAGE : message,
    };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: 'An error occurred, please try again.' };
}

/**
 * The error page (spec §2, §8): the message, and for a 404 'This page could not be found' with
 * a link home. A chunk of an older deployment reloads the page, at most once per 60 s.
 */
export function ErrorPage({ status }: { status?: number }) {
  const routeError = useRouteError();
  const shown =
    status === NOT_FOUND ? { status, message: NOT_FOUND_MESSAGE } : describe(routeError);
  const chunkFailure = status === undefined && isChunkLoadError(routeError);

  useEffect(() => {
    if (!chunkFailure) return;
    const last = Number(readStorage(CHUNK_RELOAD_KEY, 'session'));
    const now = Date.now();
    if (shouldReloadForChunk(Number.isFinite(last) && last > 0 ? last : null, now)) {
      writeStorage(CHUNK_RELOAD_KEY, String(now), 'session');
      window.location.reload();
    }
  }, [chunkFailure]);

  useEffect(() => {
    if (routeError && !isRouteErrorResponse(routeError)) console.error(routeError);
  }, [routeError]);

  return (
    <main className="container py-5 text-center" data-testid="error-page">
      <p className="display-1 fw-bold text-body-secondary">{shown.status}</p>
      <h1 className="h3 mb-4">{shown.message}</h1>
      {shown.status === NOT_FOUND ? (
        <Link to={PATHS.home} className="btn btn-primary">
          {BACK_HOME_LABEL}
        </Link>
      ) : (
        <a href={PATHS.home} className="btn btn-outline-primary">
          {BACK_HOME_LABEL}
        </a>
      )}
    </main>
  );
}

/** The 404 page of unknown addresses and of /error/404 (spec §2). */
export function NotFoundPage() {
  return <ErrorPage status={NOT_FOUND} />;
}
