import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '../pages/auth/afterLogin.js';
import { externalTarget, isSafeInternalPath, isSameOriginUrl, loginPath } from './redirects.js';

const ORIGIN = 'https://center.test';

describe('redirect safety (spec §2)', () => {
  it('keeps in-app paths in the router and sends the rest to a full-page load', () => {
    expect(isSafeInternalPath('/orders?x=1')).toBe(true);
    expect(isSafeInternalPath('//evil.test/x')).toBe(false);
    expect(isSafeInternalPath('/\\evil.test')).toBe(false);
    expect(isSafeInternalPath('https://printloom.test/')).toBe(false);
    expect(isSafeInternalPath('orders')).toBe(false);
  });

  it('never leaves for a javascript: address', () => {
    expect(externalTarget('javascript:alert(1)')).toBe('/');
    expect(externalTarget('https://center.printloom.test/x')).toBe(
      'https://center.printloom.test/x',
    );
  });

  it('adds the redirect parameter except from / and /login', () => {
    expect(loginPath('/payouts')).toBe('/auth/login?redirect=%2Fpayouts');
    expect(loginPath('/')).toBe('/auth/login');
    expect(loginPath('/login?x=1')).toBe('/auth/login');
  });

  it('goes back to the asked page after login, marked ref=login', () => {
    expect(afterLoginTarget('?redirect=%2Fpayouts', ORIGIN)).toEqual({
      internal: true,
      to: '/payouts?ref=login',
    });
    expect(afterLoginTarget('?redirect=%2Forders%3Fpage%3D2', ORIGIN)).toEqual({
      internal: true,
      to: '/orders?page=2&ref=login',
    });
    expect(afterLoginTarget('', ORIGIN)).toEqual({ internal: true, to: '/?ref=login' });
    expect(afterLoginTarget('?redirect=https%3A%2F%2Fcenter.test%2Fa', ORIGIN)).toEqual({
      internal: false,
      to: 'https://center.test/a',
    });
  });

  it('follows a login redirect only to this site', () => {
    for (const target of [
      'http://evil.test/phish',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test/x',
      'javascript:alert(1)',
      'https://center.test.evil.test/',
    ]) {
      expect(afterLoginTarget(`?redirect=${encodeURIComponent(target)}`, ORIGIN), target).toEqual({
        internal: true,
        to: '/?ref=login',
      });
    }
    expect(isSameOriginUrl('https://center.test/orders', ORIGIN)).toBe(true);
    expect(isSameOriginUrl('http://center.test/orders', ORIGIN)).toBe(false);
  });
});
