// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { CallbackPage } from './CallbackPage.js';

const OWNER = { id: 9, name: 'Mallory', email: 'mallory@example.test' };

/** The three calls of a sign-in link, answered as the server does; every call is recorded. */
function authServer(validToken: string) {
  const calls: string[] = [];
  const handoverRedirects: unknown[] = [];
  const answer = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    calls.push(path);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    const valid = body.token === validToken;
    if (path === '/auth/callback/account') {
      return valid
        ? answer(200, { success: true, data: { email: OWNER.email, name: OWNER.name } })
        : answer(401, { success: false, message: 'This sign-in link is no longer valid.' });
    }
    if (path === '/auth/callback') {
      return answer(200, { success: true, data: { access_token: 'session-here' } });
    }
    if (path === '/auth/callback/nonce') {
      handoverRedirects.push(body.redirect);
      return answer(200, {
        success: true,
        data: { handover_url: `https://dash.test/auth/callback?nonce_hash=${'b'.repeat(64)}` },
      });
    }
    if (path === '/auth/callback/handover') {
      return body.nonce_hash === 'a'.repeat(64)
        ? answer(200, { success: true, data: { token: 'minted-1', expires_in: 300 } })
        : answer(401, { success: false, message: 'Unauthenticated.' });
    }
    if (path === '/me') {
      return answer(200, {
        success: true,
        data: { ...OWNER, created_at: '2025-01-01 00:00:00', email_verified_at: null },
      });
    }
    return answer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, calls, handoverRedirects };
}

let server: ReturnType<typeof authServer>;
beforeEach(() => {
  server = authServer('tok-owner');
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Full-page navigations the page asks for, instead of leaving the test page. */
function watchNavigations(): string[] {
  const assigned: string[] = [];
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    assigned.push(String(url));
  });
  return assigned;
}

function open(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <CallbackPage /> },
      { path: '/orders', element: <h1>Orders</h1> },
      { path: '/auth/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [`/auth/callback${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('sign-in link from another domain (/auth/callback)', () => {
  it('names the account and starts no session until the user continues', async () => {
    open('?token=tok-owner&redirect=/orders');
    expect(
      await screen.findByRole('heading', {
        name: 'Continue as Mallory (mallory@example.test)?',
      }),
    ).toBeTruthy();
    expect(server.calls).toEqual(['/auth/callback/account']);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(server.calls).toContain('/auth/callback');
  });

  it('goes back to login when the account is not the user’s, with no session started', async () => {
    open('?token=tok-owner&redirect=/orders');
    await userEvent.click(await screen.findByRole('link', { name: 'Not my account' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(server.calls).not.toContain('/auth/callback');
  });

  it('says why a link that carries no live session cannot sign in', async () => {
    open('?token=stale');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This sign-in link is no longer valid.',
    );
    expect(server.calls).toEqual(['/auth/callback/account']);
  });

  it('starts a hand-over at the seller center: a nonce set here, then the sending dashboard', async () => {
    const assigned = watchNavigations();
    open('?redirect=/orders');
    await vi.waitFor(() => expect(assigned).toHaveLength(1));
    expect(assigned[0]).toBe(`https://dash.test/auth/callback?nonce_hash=${'b'.repeat(64)}`);
    expect(server.calls).toEqual(['/auth/callback/nonce']);
    expect(server.handoverRedirects).toEqual(['/orders']);
  });

  it('on the sending dashboard, returns to the seller center with a token bound to the nonce', async () => {
    vi.stubEnv('VITE_SELLER_CENTER_URL', 'https://center.test');
    const assigned = watchNavigations();
    open(`?nonce_hash=${'a'.repeat(64)}&redirect=/orders`);
    await vi.waitFor(() => expect(assigned).toHaveLength(1));
    expect(assigned[0]).toBe('https://center.test/auth/callback?redirect=%2Forders&token=minted-1');
    expect(server.calls).toEqual(['/auth/callback/handover']);
  });

  it('asks to log in on the sending dashboard when it has no session to hand over', async () => {
    vi.stubEnv('VITE_SELLER_CENTER_URL', 'https://center.test');
    const assigned = watchNavigations();
    open(`?nonce_hash=${'c'.repeat(64)}&redirect=/orders`);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Log in here first, then the seller center opens signed in.',
    );
    const login = screen.getByRole('link', { name: 'Login' });
    expect(
      new URL(login.getAttribute('href') ?? '', 'https://dash.test').searchParams.get('redirect'),
    ).toBe(`/auth/callback?nonce_hash=${'c'.repeat(64)}&redirect=/orders`);
    expect(assigned).toEqual([]);
  });

  it('says so when this site has no seller center to hand over to', async () => {
    vi.stubEnv('VITE_SELLER_CENTER_URL', '');
    open(`?nonce_hash=${'a'.repeat(64)}`);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This site has no seller center to sign in to.',
    );
    expect(server.calls).toEqual([]);
  });
});
