// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient.js';
import { jsonAnswer, renderPages } from '../test/pageHarness.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

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

/** The account page's API: the picture is uploaded through a signed address, then set. */
function accountServer(avatar: string | null) {
  const calls: Call[] = [];
  let current = avatar;
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    switch (`${method} ${url.pathname}`) {
      case 'GET /me':
        return ok({ ...SELLER, avatar: current });
      case 'GET /seller/account/sessions':
        return ok([]);
      case 'GET /auth/social/providers':
        return ok({ providers: [] });
      case 'GET /seller/account/identities':
        return ok({ identities: [], has_password: true });
      case 'POST /pre-signed-url':
        return ok({
          filePath: 's7/avatars/a1b2c3.png',
          preSignedUrl: '/blob/s7/avatars/a1b2c3.png?sig=1',
          fileUrl: 'http://dashboard.test/files/s7/avatars/a1b2c3.png',
        });
      case 'PUT /blob/s7/avatars/a1b2c3.png':
        return new Response(null, { status: 200 });
      case 'PUT /seller/account/avatar':
        current = (body as { avatar: string | null }).avatar;
        return jsonAnswer(200, { success: true, data: null });
      default:
        return jsonAnswer(404, { success: false, message: 'Not found.' });
    }
  };
  return { fetch, calls };
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('account picture (/settings/account)', () => {
  it('uploads a chosen picture under the own avatars folder and sets it', async () => {
    const server = accountServer(null);
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['account_settings'], '/settings/account', { ...SELLER, avatar: null });
    const input = await screen.findByLabelText(/Upload a picture/, {}, { timeout: 10_000 });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await userEvent.setup().upload(input, file);
    expect(await screen.findByText('Your picture has been saved.')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/pre-signed-url')?.body).toMatchObject({
      fileName: 'me.png',
      filePath: 'avatars',
    });
    expect(server.calls.find((c) => c.path === '/seller/account/avatar')?.body).toEqual({
      avatar: '/files/s7/avatars/a1b2c3.png',
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Sam Seller' }).getAttribute('src')).toBe(
        '/files/s7/avatars/a1b2c3.png',
      ),
    );
  });

  it('refuses a file that is not a picture before sending anything, and removes the picture', async () => {
    const server = accountServer('/files/s7/avatars/old.png');
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['account_settings'], '/settings/account', {
      ...SELLER,
      avatar: '/files/s7/avatars/old.png',
    });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText(/Upload a picture/, {}, { timeout: 10_000 });
    await user.upload(input, new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a PNG, JPEG, WebP or GIF picture.',
    );
    expect(server.calls.some((c) => c.path === '/pre-signed-url')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Your picture has been removed.')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/seller/account/avatar')?.body).toEqual({
      avatar: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull(),
    );
  });
});
