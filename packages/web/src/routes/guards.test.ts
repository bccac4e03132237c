import { describe, expect, it } from 'vitest';
import { domainInfo } from '../env/domain.js';
import { DEFAULT_LAYOUT_GUARDS, type GuardContext, runGuards } from './guards.js';

const verifiedSeller = {
  roles: [],
  tags: [],
  email_verified_at: '2025-01-01T00:00:00Z',
  created_at: '2025-01-01T00:00:00Z',
};

function ctx(overrides: Partial<GuardContext> = {}): GuardContext {
  return {
    user: verifiedSeller,
    path: '/orders',
    params: {},
    now: new Date('2026-11-23T08:00:00Z'),
    maintenance: false,
    domain: domainInfo('localhost:3000', null),
    token: 'token-1',
    ...overrides,
  };
}

describe('runGuards (spec §2 redirects)', () => {
  it('lets a verified seller through the default layout checks', () => {
    expect(runGuards(DEFAULT_LAYOUT_GUARDS, ctx())).toEqual({ kind: 'next' });
  });

  it('sends a visitor to login with the asked page as redirect, except from / and /login', () => {
    expect(runGuards(['auth'], ctx({ user: null, path: '/orders?page=2' }))).toEqual({
      kind: 'redirect',
      to: '/auth/login?redirect=%2Forders%3Fpage%3D2',
    });
    expect(runGuards(['auth'], ctx({ user: null, path: '/' }))).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    expect(runGuards(['auth'], ctx({ user: null, path: '/login' }))).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('fails an unknown guard with Unknown middleware (500)', () => {
    expect(runGuards(['auth', 'no-such-guard'], ctx())).toEqual({
      kind: 'error',
      status: 500,
      message: 'Unknown middleware',
    });
  });

  it('sends two-factor users who have not confirmed to /auth/tfa', () => {
    const user = { ...verifiedSeller, tfa_enable: true, tfa_confirm: false };
    expect(runGuards(DEFAULT_LAYOUT_GUARDS, ctx({ user }))).toEqual({
      kind: 'redirect',
      to: '/auth/tfa',
    });
    const confirmed = { ...user, tfa_confirm: true };
    expect(runGuards(DEFAULT_LAYOUT_GUARDS, ctx({ user: confirmed })).kind).toBe('next');
  });

  it('sends an unverified account created after 2024-07-29 to /auth/verify-email', () => {
    const user = { roles: [], email_verified_at: null, created_at: '2025-03-01T00:00:00Z' };
    expect(runGuards(DEFAULT_LAYOUT_GUARDS, ctx({ user }))).toEqual({
      kind: 'redirect',
      to: '/auth/verify-email',
    });
    expect(
      runGuards(DEFAULT_LAYOUT_GUARDS, ctx({ user: { ...user, roles: ['designer'] } })).kind,
    ).toBe('next');
  });

  it('keeps users without the beta tag off beta pages', () => {
    expect(runGuards(['beta-auth'], ctx())).toEqual({ kind: 'redirect', to: '/' });
    expect(
      runGuards(['beta-auth'], ctx({ user: { ...verifiedSeller, tags: ['beta'] } })).kind,
    ).toBe('next');
  });

  it('sends old-bulk users on a regular or express bulk route to /campaigns/bulk_v2/{id}', () => {
    const user = { ...verifiedSeller, tags: ['old bulk campaign'] };
    expect(
      runGuards(['preferOldBulkCampaign'], ctx({ user, params: { type: 'express', id: '42' } })),
    ).toEqual({ kind: 'redirect', to: '/campaigns/bulk_v2/42' });
    expect(
      runGuards(['preferOldBulkCampaign'], ctx({ user, params: { type: 'custom', id: '42' } }))
        .kind,
    ).toBe('next');
    expect(
      runGuards(['preferOldBulkCampaign'], ctx({ params: { type: 'regular', id: '42' } })).kind,
    ).toBe('next');
  });

  it('shows the maintenance page while the platform is in maintenance', () => {
    expect(runGuards(DEFAULT_LAYOUT_GUARDS, ctx({ maintenance: true }))).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
  });

  it('sends a custom-payment seller on another domain to the seller center with path and token', () => {
    const domain = domainInfo('app.printloom.test', 'https://center.printloom.test');
    const plan = runGuards(
      ['auth'],
      ctx({ user: { ...verifiedSeller, custom_payment: true }, domain, path: '/orders?x=1' }),
    );
    expect(plan).toEqual({
      kind: 'leave',
      to: 'https://center.printloom.test/auth/callback?redirect=%2Forders%3Fx%3D1',
      clearSession: true,
    });
    const onCenter = domainInfo('center.printloom.test', 'https://center.printloom.test');
    expect(
      runGuards(
        ['auth'],
        ctx({ user: { ...verifiedSeller, custom_payment: true }, domain: onCenter }),
      ).kind,
    ).toBe('next');
  });

  it('keeps the support tracking code of the address in a cookie', () => {
    expect(runGuards(['cs-tracking'], ctx({ path: '/orders?cs_track=abc' }))).toEqual({
      kind: 'next',
      cookies: { cs_track: 'abc' },
    });
  });

  it('sends someone signed in from the login form to this site only', () => {
    const guest = (path: string) => runGuards(['guest'], ctx({ path: `/auth/login${path}` }));
    expect(guest('?redirect=%2Forders')).toEqual({ kind: 'redirect', to: '/orders' });
    for (const target of ['https://evil.test/', '//evil.test/x', '/\\evil.test']) {
      expect(guest(`?redirect=${encodeURIComponent(target)}`)).toEqual({
        kind: 'redirect',
        to: '/',
      });
    }
  });
});
