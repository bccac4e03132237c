// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { OutboxPage } from './OutboxPage.js';

function serve(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => Response.json(body, { status }));
}

function show() {
  const router = createMemoryRouter([{ path: '/dev/outbox', Component: OutboxPage }], {
    initialEntries: ['/dev/outbox'],
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
  vi.unstubAllGlobals();
});

describe('the demo outbox page', () => {
  it('lists the mails with their links to click', async () => {
    serve(200, {
      success: true,
      data: [
        {
          id: 2,
          to: 'new@example.test',
          subject: 'Verify your email',
          body: 'Open http://localhost:3000/auth/verify-email?token=abc to verify your email.',
          sent: false,
          created_at: '2026-11-23T21:00:00.000Z',
        },
      ],
    });
    show();
    const link = await screen.findByRole('link', {
      name: 'http://localhost:3000/auth/verify-email?token=abc',
    });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/auth/verify-email?token=abc');
    expect(screen.getByText('Verify your email')).toBeTruthy();
    expect(screen.getByText('To new@example.test')).toBeTruthy();
  });

  it('says the outbox exists only in demo mode when the server refuses it', async () => {
    serve(404, { success: false, message: 'Not found.' });
    show();
    expect((await screen.findByRole('status')).textContent).toBe(
      'The outbox is shown only when the server runs in demo mode.',
    );
    expect(screen.queryByRole('list', { name: 'Mails' })).toBeNull();
  });
});
