import { type PageDef, type PageDenial, pageAccess, pageGuards, type User } from '@printloom/core';
import { data, type LoaderFunctionArgs, redirect, redirectDocument } from 'react-router';
import { endLocalSession, meQuery } from '../api/hooks/useAuth.js';
import { queryClient } from '../api/queryClient.js';
import { PAGE_DATA_MIN_DELAY_MS } from '../constants.js';
import { domainInfo, pageContext } from '../env/domain.js';
import { readToken } from '../env/session.js';
import { type GuardPlan, runGuards } from './guards.js';
import { externalTarget, isSafeInternalPath } from './redirects.js';

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

/** What a page's loader hands its route: why the user may not open the page, if so. */
export interface PageLoaderData {
  denial: PageDenial | null;
}

/**
 * The loader of a page: runs the guards of its layout and its own, then holds the page for at
 * least 200 ms so the loading bar never flashes (spec §2 minimum page-data delay). A signed-in
 * user who may not open the page (permission, tag or spec §6 gate) gets the reason instead, and
 * the route shows the access-denied page in place of the page.
 */
export function pageLoader(page: PageDef) {
  const guards = pageGuards(page);
  return async ({ request, params }: LoaderFunctionArgs): Promise<PageLoaderData> => {
    const started = Date.now();
    const url = new URL(request.url);
    const { user, maintenance } = await loadUser();
    const domain = domainInfo(url.host);
    const plan = runGuards(guards, {
      user,
      path: url.pathname + url.search,
      params,
      now: new Date(),
      maintenance,
      domain,
      token: readToken(),
    });
    await sleep(PAGE_DATA_MIN_DELAY_MS - (Date.now() - started));
    performPlan(plan);
    return { denial: user ? pageAccess(page, user, pageContext(domain)) : null };
  };
}
