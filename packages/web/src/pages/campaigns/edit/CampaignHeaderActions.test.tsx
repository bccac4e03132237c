// @vitest-environment happy-dom
import type { Campaign } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/queryClient.js';
import { CampaignHeaderActions } from './CampaignHeaderActions.js';

const campaign: Campaign = {
  id: 5,
  name: 'Summer Tee',
  status: 'active',
  product_type: 'campaign',
  system_type: 'regular',
  products: [],
  designs: [],
};

let requests: Array<{ method: string; path: string }>;
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    requests.push({ method, path });
    const data =
      path === '/seller/campaign/5/duplicate'
        ? { ...campaign, id: 6, name: 'Summer Tee (copy)', status: 'draft' }
        : path === '/seller/campaign/5/deactivate'
          ? { ...campaign, status: 'inactive' }
          : { id: 5 };
    return new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function show(status: Campaign['status'] = 'active') {
  const onLeave = vi.fn();
  const onStatus = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <CampaignHeaderActions
        campaign={{ ...campaign, status }}
        disabled={false}
        editPrefix="/campaigns/edit"
        onLeave={onLeave}
        onStatus={onStatus}
      />
    </QueryClientProvider>,
  );
  return { onLeave, onStatus };
}

describe('campaign editor header actions', () => {
  it('duplicates and opens the copy, guarded like any other way out', async () => {
    const { onLeave } = show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('/campaigns/edit/6', { guard: true }));
  });

  it('deactivates a live campaign and reports its new status; a draft offers no deactivate', async () => {
    const { onStatus } = show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith('inactive'));
    cleanup();
    show('draft');
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('deletes only after confirmation, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { onLeave } = show();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('“Summer Tee” will disappear');
    expect(requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('/campaigns', { guard: false }));
    expect(requests).toEqual([{ method: 'DELETE', path: '/seller/campaign/5' }]);
  });
});
