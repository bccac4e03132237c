import type { FetchLike } from '@printloom/core';

/**
 * Why workers stopped before their work was done. A worker left alone retries every failure
 * (spec §8: log, wait, try again), which is right for a row that failed and wrong for a fleet
 * whose token was revoked or whose API is gone: it would poll silently forever. The watch sees
 * every HTTP answer the workers get and stops them on those two.
 */
export interface WorkerStop {
  reason: 'unauthorized' | 'unreachable';
  message: string;
}

export const TOKEN_REFUSED_MESSAGE =
  'the token was refused: run printloom login again or set PRINTLOOM_TOKEN';

/** Consecutive unanswered calls after which `bulk run --once` gives up (about 10 s of retries). */
export const ONCE_UNREACHABLE_ATTEMPTS = 5;

/** Answers of a proxy or load balancer whose API is not there. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export interface ConnectionWatchOptions {
  api: string;
  /**
   * Consecutive calls without an answer from the API (no connection, or 502/503/504) after which
   * the workers stop; null retries until the API is back (long-running workers outlive restarts).
   */
  unreachableLimit: number | null;
  onStop: (stop: WorkerStop) => void;
}

export interface ConnectionWatch {
  /** The first reason to stop, once there is one. */
  readonly stopped: WorkerStop | null;
  /** `inner` with every answer watched; errors and answers pass through unchanged. */
  fetch(inner: FetchLike): FetchLike;
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

export function createConnectionWatch(options: ConnectionWatchOptions): ConnectionWatch {
  let stopped: WorkerStop | null = null;
  let unanswered = 0;

  const stop = (reason: WorkerStop) => {
    if (stopped) return;
    stopped = reason;
    options.onStop(reason);
  };
  const missed = (why: string) => {
    unanswered += 1;
    if (options.unreachableLimit !== null && unanswered >= options.unreachableLimit) {
      stop({
        reason: 'unreachable',
        message: `Cannot reach the API at ${options.api} (${why}; ${unanswered} attempts)`,
      });
    }
  };

  return {
    get stopped() {
      return stopped;
    },
    fetch: (inner) => async (input, init) => {
      let response: Response;
      try {
        response = await inner(input, init);
      } catch (error) {
        missed(causeOf(error));
        throw error;
      }
      if (response.status === 401) {
        stop({ reason: 'unauthorized', message: TOKEN_REFUSED_MESSAGE });
      } else if (GATEWAY_STATUSES.has(response.status)) {
        missed(`HTTP ${response.status}`);
      } else {
        unanswered = 0;
      }
      return response;
    },
  };
}
