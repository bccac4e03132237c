import type { User } from '@printloom/core';
import { data, type LoaderFunctionArgs, redirect, redirectDocument } from 'react-router';
import { endLocalSession, meQuery } from '../api/hooks/useAuth.js';
import { queryClient } from '../api/queryClient.js';
import { PAGE_DATA_MIN_DELAY_MS, PATHS } from '../constants.js';
import { domainInfo } from '../env/domain.js';
import { readToken } from '../env/session.js';
import { type GuardPlan, runGuards } from './guards.js';
import { externalTarget, isSafeInternalPath, redirectTarget } from './redirects.js';

const UNAUTHORIZED = 401;
const UNAVAILABLE = 503;

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'statusCode' in error
    ? Number((error as { statusCode: unknown }).statusCode)
    : undefined;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** The user of the current token, or null; a 503 means the platform is in maintenance. */
export async function loadUser(): Promise<{ user: User | null; maintenance: boolean }> {
  try {
    return { user: await queryClient.ensureQueryData(meQuery), maintenance: false };
  } catch (error) {
    const status = statusOf(error);
    if (status === UNAUTHORIZED) {
      endLocalSession();
      return { user: null, maintenance: false };
    }
    if (status === UNAVAILABLE) return { user: null, maintenance: true };
    throw error;
  }
}

function setCookies(cookies: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(cookies ?? {})) {
    // biome-ignore lint/suspicious/noDocumentCookie: Cookie Store API is missing in Firefox and Safari
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  }
}

/** Performs a guard plan: a router redirect, a full-page navigation or an error page. */
export function performPlan(plan: GuardPlan): null {
  switch (plan.kind) {
    case 'next':
      setCookies(plan.cookies);
      return null;
    case 'redirect':
      throw isSafeInternalPath(plan.to)
        ? redirect(plan.to)
        : redirectDocument(externalTarget(plan.to));
    case 'leave':
      if (plan.clearSession) endLocalSession();
      throw redirectDocument(plan.to);
    case 'error':
      throw data(plan.message, { status: plan.status, statusText: plan.message });
  }
}

/**
 * The loader of a page: runs its guards, then holds the page for at least 200 ms so the loading
 * bar never flashes (spec §2 minimum page-data delay).
 */
export function pageLoader(guards: readonly string[]) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    const started = Date.now();
    const url = new URL(request.url);
    const { user, maintenance } = await loadUser();
    const plan = runGuards(guards, {
      user,
      path: url.pathname + url.search,
      params,
      now: new Date(),
      maintenance,
      domain: domainInfo(url.host),
      token: readToken(),
    });
    await sleep(PAGE_DATA_MIN_DELAY_MS - (Date.now() - started));
    return performPlan(plan);
  };
}

/**
 * The loader of the login and register pages: someone already signed in goes on to the
 * requested page (or home) instead of seeing the form again.
 */
export async function guestLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { user } = await loadUser();
  if (!user) return null;
  const target = redirectTarget(new URL(request.url).search) ?? PATHS.home;
  throw isSafeInternalPath(target) ? redirect(target) : redirectDocument(externalTarget(target));
}
