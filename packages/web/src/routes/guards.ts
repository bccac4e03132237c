import {
  emailVerificationRequired,
  hasTag,
  LAYOUT_GUARDS,
  OLD_BULK_TAG,
  PAGE_GUARDS,
  type PageGuard,
  pagePath,
  type User,
  type UserLike,
} from '@printloom/core';
import {
  PATHS,
  TAGS,
  UNKNOWN_MIDDLEWARE_MESSAGE,
  UNKNOWN_MIDDLEWARE_STATUS,
} from '../constants.js';
import type { DomainInfo } from '../env/domain.js';
import { isSafeInternalPath, loginPath, redirectTarget, sellerCenterArrival } from './redirects.js';

/**
 * Route guards (spec §2 "Layouts and guards"), named by the PAGES table of core (a page runs
 * its layout's guards, then its own). Each guard reads a context and returns a plan:
 * go on, redirect inside the app, leave the app by a full-page load (clearing the local session
 * when asked), or fail with a status. The route loader performs the plan; guards do nothing
 * themselves, so the rules are tested without a browser.
 *
 * - guest: the login and register forms send someone already signed in on to the requested
 *   page (`redirect`) or home, instead of showing the form again.
 * - auth: a visitor without a session goes to /auth/login (with `redirect`, spec §2); a
 *   custom-payment seller on a non-custom-payment domain, right after signing in, leaves for
 *   the seller center callback after the local session is cleared; the session follows by a
 *   nonce-bound hand-over token (pages/auth/CallbackPage).
 * - maintenance: while the API answers 503, every page shows /maintenance.
 * - tfa-auth: two-factor enabled but not confirmed → /auth/tfa.
 * - verify-email-auth: email verification required (core rule, spec §5) → /auth/verify-email.
 * - beta-auth: no 'beta' tag → /.
 * - preferOldBulkCampaign: a route with params type (regular or express) and id sends users
 *   tagged 'old bulk campaign' to /campaigns/bulk_v2/{id}.
 * - cs-tracking: keeps the support tracking code of the address (`cs_track`) in its cookie.
 */
export const GUARD_NAMES = PAGE_GUARDS;
export type GuardName = PageGuard;

/** The checks every page of the default layout runs (spec §2), in this order. */
export const DEFAULT_LAYOUT_GUARDS: readonly GuardName[] = LAYOUT_GUARDS.default;

export const OLD_BULK_TYPES = ['regular', 'express'] as const;
export const CS_TRACK_PARAM = 'cs_track';

export type GuardUser = UserLike & Partial<Pick<User, 'tfa_enable' | 'tfa_confirm'>>;

export interface GuardContext {
  user: GuardUser | null;
  /** Path and query of the page asked for. */
  path: string;
  params: Readonly<Record<string, string | undefined>>;
  now: Date;
  maintenance: boolean;
  domain: DomainInfo;
  token: string | null;
}

export type GuardPlan =
  | { kind: 'next'; cookies?: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'leave'; to: string; clearSession: boolean }
  | { kind: 'error'; status: number; message: string };

const NEXT: GuardPlan = { kind: 'next' };

type Guard = (ctx: GuardContext) => GuardPlan;

const GUARDS: Record<GuardName, Guard> = {
  auth(ctx) {
    if (!ctx.user) return { kind: 'redirect', to: loginPath(ctx.path) };
    if (
      ctx.user.custom_payment === true &&
      !ctx.domain.isCustomPaymentDomain &&
      ctx.domain.sellerCenterUrl &&
      ctx.token
    ) {
      return {
        kind: 'leave',
        to: sellerCenterArrival(ctx.domain.sellerCenterUrl, ctx.path),
        clearSession: true,
      };
    }
    return NEXT;
  },
  guest(ctx) {
    if (!ctx.user) return NEXT;
    const query = ctx.path.includes('?') ? ctx.path.slice(ctx.path.indexOf('?')) : '';
    // The `redirect` parameter is anyone's to write: only this site's own pages are followed.
    const target = redirectTarget(query);
    return { kind: 'redirect', to: target && isSafeInternalPath(target) ? target : PATHS.home };
  },
  maintenance: (ctx) => (ctx.maintenance ? { kind: 'redirect', to: PATHS.maintenance } : NEXT),
  'tfa-auth': (ctx) =>
    ctx.user?.tfa_enable === true && ctx.user.tfa_confirm !== true
      ? { kind: 'redirect', to: PATHS.tfa }
      : NEXT,
  'verify-email-auth': (ctx) =>
    ctx.user && emailVerificationRequired(ctx.user, ctx.now)
      ? { kind: 'redirect', to: PATHS.verifyEmail }
      : NEXT,
  'beta-auth': (ctx) =>
    ctx.user && hasTag(ctx.user, TAGS.beta) ? NEXT : { kind: 'redirect', to: PATHS.home },
  preferOldBulkCampaign(ctx) {
    const { type, id } = ctx.params;
    if (
      ctx.user &&
      id &&
      type &&
      (OLD_BULK_TYPES as readonly string[]).includes(type) &&
      hasTag(ctx.user, OLD_BULK_TAG)
    ) {
      return { kind: 'redirect', to: pagePath('campaign_bulk_v2', { id }) };
    }
    return NEXT;
  },
  'cs-tracking'(ctx) {
    const query = ctx.path.includes('?') ? ctx.path.slice(ctx.path.indexOf('?') + 1) : '';
    const code = new URLSearchParams(query).get(CS_TRACK_PARAM);
    return code ? { kind: 'next', cookies: { [CS_TRACK_PARAM]: code } } : NEXT;
  },
};

export function isGuardName(name: string): name is GuardName {
  return (GUARD_NAMES as readonly string[]).includes(name);
}

/**
 * Runs guards in order and returns the first plan that is not 'next' (with every cookie the
 * passing guards asked for). An unknown name fails the page with 'Unknown middleware' (500)
 * before any guard runs.
 */
export function runGuards(names: readonly string[], ctx: GuardContext): GuardPlan {
  for (const name of names) {
    if (!isGuardName(name)) {
      return {
        kind: 'error',
        status: UNKNOWN_MIDDLEWARE_STATUS,
        message: UNKNOWN_MIDDLEWARE_MESSAGE,
      };
    }
  }
  const cookies: Record<string, string> = {};
  for (const name of names as readonly GuardName[]) {
    const plan = GUARDS[name](ctx);
    if (plan.kind !== 'next') return plan;
    Object.assign(cookies, plan.cookies);
  }
  return Object.keys(cookies).length > 0 ? { kind: 'next', cookies } : NEXT;
}
