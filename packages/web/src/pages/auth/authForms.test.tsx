// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { ForgotPasswordPage } from './ForgotPasswordPage.js';
import { LoginPage } from './LoginPage.js';
import { RegisterPage } from './RegisterPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';
import { TfaPage } from './TfaPage.js';

interface Call {
  path: string;
  body: unknown;
  botCheck: string | undefined;
}

/** The auth API: each path answers with what the test queued for it, or stays pending. */
function authServer() {
  const calls: Call[] = [];
  const answers = new Map<string, Response>();
  let releasePending: (() => void) | undefined;
  // The bot check the forms ask for (off unless a test sets one); not counted as a call.
  const state: { botCheck: unknown } = { botCheck: { provider: 'off' } };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    if (path === '/auth/bot-check/challenge') {
      return json(200, { success: true, data: state.botCheck });
    }
    // No sign-in provider is configured here (socialSignIn.test.tsx covers them).
    if (path === '/auth/social/providers') {
      return json(200, { success: true, data: { providers: [] } });
    }
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      botCheck: headers['x-bot-check'],
    });
    const answer = answers.get(path);
    if (answer) return answer;
    await new Promise<void>((resolve) => {
      releasePending = resolve;
    });
    return json(503, { success: false, message: 'Service unavailable.' });
  };
  return {
    fetch,
    calls,
    setBotCheck: (challenge: unknown) => {
      state.botCheck = challenge;
    },
    answer: (path: string, response: Response) => answers.set(path, response),
    release: () => releasePending?.(),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let server: ReturnType<typeof authServer>;
beforeEach(() => {
  server = authServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  server.release();
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function show(Page: ComponentType, path: string) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? path, Component: Page },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The message a screen reader reads with the field: the one its aria-describedby names. */
function messageOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('auth forms checked by the core schemas', () => {
  it('shows each invalid field its own message and makes no call', async () => {
    const user = userEvent.setup();
    show(RegisterPage, '/auth/register');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(messageOf(screen.getByLabelText('Name'))).toBe('Name is required'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(screen.getByLabelText('Email'))).toBe('Please enter a valid email');
    expect(messageOf(screen.getByLabelText('Password'))).toBe(
      'Password must be at least 8 characters',
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('clears a field message as soon as the field is corrected', async () => {
    const user = userEvent.setup();
    show(ForgotPasswordPage, '/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'seller@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Email'))).toBe('Please enter a valid email'),
    );
    await user.type(screen.getByLabelText('Email'), 'printloom.test');
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull(),
    );
    expect(screen.queryByTestId('forgot-email-error')).toBeNull();
  });

  it("puts the server's field error under its field, not above the form", async () => {
    server.answer(
      '/auth/register',
      json(422, {
        success: false,
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'] },
      }),
    );
    const user = userEvent.setup();
    show(RegisterPage, '/auth/register');
    await user.type(screen.getByLabelText('Name'), 'Someone Else');
    await user.type(screen.getByLabelText('Email'), 'Seller@Printloom.test');
    await user.type(screen.getByLabelText('Password'), 'a-Long-unusual-9');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Email'))).toBe('The email has already been taken.'),
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    // The body is what the schema makes of the fields: the email trimmed and lower-cased.
    expect(server.calls[0]?.body).toEqual({
      name: 'Someone Else',
      email: 'seller@printloom.test',
      password: 'a-Long-unusual-9',
    });
  });

  it('signs up with the referral code of the link the seller came by', async () => {
    server.answer('/auth/register', json(422, { success: false, message: 'Stop here.' }));
    const user = userEvent.setup();
    show(RegisterPage, '/auth/register?ref=AB23CD45');
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Email'), 'bob@printloom.test');
    await user.type(screen.getByLabelText('Password'), 'a-Long-unusual-9');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.calls[0]?.body).toMatchObject({ ref: 'AB23CD45' }));
  });

  it('shows a message no field explains above the form', async () => {
    server.answer(
      '/auth/seller/login',
      json(401, { success: false, message: 'These credentials do not match our records.' }),
    );
    const user = userEvent.setup();
    show(LoginPage, '/auth/login');
    await user.type(screen.getByLabelText('Email'), 'seller@printloom.test');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'These credentials do not match our records.',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('disables the submit button while the call is pending', async () => {
    const user = userEvent.setup();
    show(LoginPage, '/auth/login');
    await user.type(screen.getByLabelText('Email'), 'seller@printloom.test');
    await user.type(screen.getByLabelText('Password'), 'the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    server.release();
    const again = await screen.findByRole('button', { name: 'Login' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(server.calls).toHaveLength(1);
  });

  it('sends the reset token from the link with the new password', async () => {
    server.answer('/auth/reset-password', json(200, { success: true, data: null }));
    const user = userEvent.setup();
    show(ResetPasswordPage, '/auth/reset-password?token=mailed-token');
    await user.type(screen.getByLabelText('New password'), 'a-Long-unusual-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(server.calls[0]?.body).toEqual({ token: 'mailed-token', password: 'a-Long-unusual-9' });
  });

  it('accepts a two-factor code typed with its space, and names a wrong length', async () => {
    sessionStorage.setItem('tfa_token', 'challenge-1');
    server.answer(
      '/auth/tfa/verify',
      json(200, { success: true, data: { access_token: 'session-token', token_type: 'Bearer' } }),
    );
    const user = userEvent.setup();
    show(TfaPage, '/auth/tfa');
    const code = screen.getByLabelText('Code');
    await user.type(code, '123 45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(messageOf(code)).toBe('Enter the 6-digit code or a recovery code'));
    // The page reads the profile (the session is an HttpOnly cookie it cannot see); the form
    // itself sent nothing.
    const formCalls = () => server.calls.filter((call) => call.path !== '/me');
    expect(formCalls()).toEqual([]);
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(formCalls().length).toBeGreaterThan(0));
    expect(formCalls()[0]).toEqual({
      path: '/auth/tfa/verify',
      body: { tfa_token: 'challenge-1', code: '123456' },
    });
  });
});

const ALTCHA_CHALLENGE = {
  provider: 'altcha',
  challenge: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'ab',
      salt: 'cd',
      cost: 1,
      keyLength: 32,
      keyPrefix: '00',
      expiresAt: 4_102_444_800,
    },
    signature: 'ef',
  },
};

/** What the ALTCHA widget announces once its proof of work is done. */
async function solveWidget(payload: string) {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget');
    if (!element) throw new Error('no ALTCHA widget yet');
    return element;
  });
  await waitFor(() => expect(customElements.get('altcha-widget')).toBeDefined());
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

describe('the bot check in the auth forms', () => {
  it('waits for the check, then registers with its solution in X-Bot-Check', async () => {
    server.setBotCheck(ALTCHA_CHALLENGE);
    server.answer(
      '/auth/register',
      json(422, { success: false, message: 'x', errors: { email: ['Taken.'] } }),
    );
    const user = userEvent.setup();
    show(RegisterPage, '/auth/register');
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@printloom.test');
    await user.type(screen.getByLabelText('Password'), 'a-Long-unusual-9');
    const button = screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(button.disabled).toBe(true);
    await solveWidget('solved-payload');
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.botCheck).toBe('solved-payload');
    // The solution is spent: a new check must be solved before the next attempt.
    await waitFor(() => expect(button.disabled).toBe(true));
  });

  it('shows the check on the login form once the server asks for it', async () => {
    server.setBotCheck(ALTCHA_CHALLENGE);
    server.answer(
      '/auth/seller/login',
      json(401, {
        success: false,
        message: 'These credentials do not match our records.',
        errors: { bot_check: ['Please confirm you are not a robot.'] },
      }),
    );
    const user = userEvent.setup();
    show(LoginPage, '/auth/login');
    // No check before the server asks for one.
    expect(document.querySelector('altcha-widget')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'seller@printloom.test');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Please confirm you are not a robot.',
    );
    expect(server.calls[0]?.botCheck).toBeUndefined();
    server.answer(
      '/auth/seller/login',
      json(200, { success: true, data: { tfa_required: true, tfa_token: 't' } }),
    );
    await solveWidget('login-solution');
    const button = screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.botCheck).toBe('login-solution');
  });
});
