// @vitest-environment happy-dom
import { SOCIAL_ERRORS, SOCIAL_MESSAGES } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';
import { LoginPage } from './LoginPage.js';
import { RegisterPage } from './RegisterPage.js';
import { TfaPage } from './TfaPage.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API as these pages call it: each `METHOD path` answers what the test set. */
function socialServer(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[`${method} ${url.pathname}`];
    if (answer) return answer();
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, calls };
}

const ok = (data: unknown) => () => jsonAnswer(200, { success: true, data });
const BOT_CHECK_OFF = ok({ provider: 'off' });

const SELLER = {
  id: 7,
  name: 'Sam Seller',
  email: 'sam@example.test',
  roles: ['seller'],
  permissions: [],
  utc_offset: 0,
  created_at: '2026-11-01 00:00:00',
  email_verified_at: '2026-11-01 00:00:00',
};

/** A signed-out visitor on a login or register page. */
function showSignedOut(Page: ComponentType, address: string) {
  const router = createMemoryRouter([{ path: address.split('?')[0] ?? address, Component: Page }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('sign-in providers on login and register (spec §6)', () => {
  it('shows a button for each configured provider, leading to its start address', async () => {
    const server = socialServer({
      'GET /auth/social/providers': ok({ providers: ['google', 'facebook'] }),
      'GET /auth/bot-check/challenge': BOT_CHECK_OFF,
    });
    vi.stubGlobal('fetch', server.fetch);
    showSignedOut(LoginPage, '/auth/login');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/auth/social/google/start?intent=login');
    expect(screen.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toBe(
      '/auth/social/facebook/start?intent=login',
    );
  });

  it('shows no button when no provider is configured, and why a sign-in came back', async () => {
    const server = socialServer({
      'GET /auth/social/providers': ok({ providers: [] }),
      'GET /auth/bot-check/challenge': BOT_CHECK_OFF,
    });
    vi.stubGlobal('fetch', server.fetch);
    showSignedOut(RegisterPage, '/auth/register?social_error=no_email');
    expect((await screen.findByTestId('social-error')).textContent).toBe(SOCIAL_ERRORS.no_email);
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/auth/social/providers')).toBe(true),
    );
    expect(screen.queryByTestId('social-buttons')).toBeNull();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });
});

describe('linking a provider to an existing account', () => {
  it('asks the password of the account the email belongs to, then signs in', async () => {
    const server = socialServer({
      'POST /auth/social/link/pending': ok({
        provider: 'google',
        email: 'owner@example.test',
        has_password: true,
      }),
      'POST /auth/social/link/password': ok({ access_token: 'new-session' }),
      'GET /me': ok(SELLER),
    });
    vi.stubGlobal('fetch', server.fetch);
    window.location.hash = '#token=link-token-1';
    const router = renderPages(['social_link'], '/auth/social/confirm', SELLER);
    expect(await screen.findByText('owner@example.test')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Link your Google account' })).toBeTruthy();
    // The token is taken off the address once kept.
    expect(window.location.hash).toBe('');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'the-password');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.find((c) => c.path === '/auth/social/link/password')?.body).toEqual({
      token: 'link-token-1',
      password: 'the-password',
    });
  });

  it('offers only the mailed link to an account without a password', async () => {
    const server = socialServer({
      'POST /auth/social/link/pending': ok({
        provider: 'facebook',
        email: 'nopass@example.test',
        has_password: false,
      }),
      'POST /auth/social/link/mail': ok(null),
    });
    vi.stubGlobal('fetch', server.fetch);
    window.location.hash = '#token=link-token-2';
    renderPages(['social_link'], '/auth/social/confirm', SELLER);
    await screen.findByText('nopass@example.test');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me a link instead' }));
    expect((await screen.findByRole('status')).textContent).toBe(SOCIAL_MESSAGES.linkMailSent);
    expect(server.calls.find((c) => c.path === '/auth/social/link/mail')?.body).toEqual({
      token: 'link-token-2',
    });
  });

  it('says an expired link request has ended', async () => {
    const server = socialServer({
      'POST /auth/social/link/pending': () =>
        jsonAnswer(422, { success: false, message: SOCIAL_MESSAGES.linkInvalid }),
    });
    vi.stubGlobal('fetch', server.fetch);
    window.location.hash = '#token=stale';
    renderPages(['social_link'], '/auth/social/confirm', SELLER);
    expect((await screen.findByTestId('form-error')).textContent).toBe(SOCIAL_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });
});

describe('two-factor after a social sign-in', () => {
  it('takes the challenge from the address fragment and verifies the code against it', async () => {
    const server = socialServer({
      'POST /auth/tfa/verify': ok({ access_token: 'after-tfa' }),
      'GET /me': ok(SELLER),
    });
    vi.stubGlobal('fetch', server.fetch);
    window.location.hash = '#tfa_token=challenge-from-google';
    showSignedOut(TfaPage, '/auth/tfa');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '123 456');
    expect(window.location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/auth/tfa/verify')?.body).toEqual({
        tfa_token: 'challenge-from-google',
        code: '123456',
      }),
    );
  });
});

describe('sign-in methods on the account page', () => {
  beforeEach(() => {
    queryClient.clear();
  });

  it('links a provider that is not linked and unlinks one that is', async () => {
    let linked = true;
    const server = socialServer({
      'GET /auth/social/providers': ok({ providers: ['google', 'facebook'] }),
      'GET /seller/account/identities': () =>
        jsonAnswer(200, {
          success: true,
          data: {
            identities: linked
              ? [
                  {
                    provider: 'google',
                    email: 'sam@gmail.test',
                    created_at: '2026-11-02T08:00:00.000Z',
                  },
                ]
              : [],
            has_password: true,
          },
        }),
      'DELETE /seller/account/identities/google': () => {
        linked = false;
        return jsonAnswer(200, { success: true, data: null });
      },
      'GET /seller/account/sessions': ok([]),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['account_settings'], '/settings/account?social_linked=google', SELLER);
    const list = await screen.findByTestId('sign-in-methods');
    await within(list).findByText(/Linked as sam@gmail\.test/);
    expect(screen.getByText(`Google: ${SOCIAL_MESSAGES.linked}`)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Link Facebook' }).getAttribute('href')).toBe(
      '/auth/social/facebook/start?intent=link',
    );
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByText(SOCIAL_MESSAGES.unlinked)).toBeTruthy();
    await within(list).findByRole('link', { name: 'Link Google' });
  });

  it('shows the server refusing to unlink the last way to sign in', async () => {
    const server = socialServer({
      'GET /auth/social/providers': ok({ providers: ['google'] }),
      'GET /seller/account/identities': ok({
        identities: [{ provider: 'google', email: null, created_at: '2026-11-02T08:00:00.000Z' }],
        has_password: false,
      }),
      'DELETE /seller/account/identities/google': () =>
        jsonAnswer(422, { success: false, message: SOCIAL_MESSAGES.lastSignIn }),
      'GET /seller/account/sessions': ok([]),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['account_settings'], '/settings/account', SELLER);
    const list = await screen.findByTestId('sign-in-methods');
    expect(await screen.findByText(/Your account has no password/)).toBeTruthy();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Unlink Google' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(SOCIAL_MESSAGES.lastSignIn);
    expect(within(list).getByRole('button', { name: 'Unlink Google' })).toBeTruthy();
  });

  it('shows nothing when no provider is configured or linked', async () => {
    const server = socialServer({
      'GET /auth/social/providers': ok({ providers: [] }),
      'GET /seller/account/identities': ok({ identities: [], has_password: true }),
      'GET /seller/account/sessions': ok([]),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['account_settings'], '/settings/account', SELLER);
    await screen.findByRole('heading', { name: 'Change password' });
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/seller/account/identities')).toBe(true),
    );
    expect(screen.queryByTestId('sign-in-methods')).toBeNull();
  });
});
