// @vitest-environment happy-dom
import { User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/queryClient.js';
import { jsonAnswer } from '../../../test/pageHarness.js';
import { CrossSellOfferControl } from './CrossSellOffer.js';

const SELLER = User.parse({
  id: 7,
  name: 'Alice',
  email: 'alice@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
});

let offer: Record<string, unknown>;
let sent: unknown[];
beforeEach(() => {
  sent = [];
  offer = { campaign_id: 5, enabled: false, commission_percent: null, since: null, stores: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    if (path !== '/seller/campaigns/5/cross-selling') {
      return jsonAnswer(404, { success: false, message: 'Not found.' });
    }
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as {
        enabled: boolean;
        commission_percent: number;
      };
      sent.push(body);
      offer = {
        ...offer,
        enabled: body.enabled,
        commission_percent: body.commission_percent,
        since: body.enabled ? '2026-11-27T10:00:00Z' : null,
      };
    }
    return jsonAnswer(200, { success: true, data: offer });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const show = (user = SELLER) =>
  render(
    <QueryClientProvider client={queryClient}>
      <CrossSellOfferControl campaignId={5} user={user} />
    </QueryClientProvider>,
  );

describe('the campaign editor’s cross-selling control', () => {
  it('opens the campaign to other stores at a percent, then stops it', async () => {
    const user = userEvent.setup();
    show();
    const percent = await screen.findByLabelText('Commission for the selling store (%)');
    // Editable once the offer has loaded.
    await waitFor(() => expect(percent.closest('fieldset')?.disabled).toBe(false));
    await user.clear(percent);
    await user.type(percent, '60');
    expect(screen.getByRole('alert').textContent).toBe('Choose a whole percent from 1 to 50.');
    expect(
      (screen.getByRole('button', { name: 'Open to other stores' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Open to other stores' }));
    expect(await screen.findByText(/Open to other sellers’ stores at 15% commission/)).toBeTruthy();
    expect(sent).toEqual([{ enabled: true, commission_percent: 15 }]);
    await user.click(screen.getByRole('button', { name: 'Stop cross-selling' }));
    expect(
      await screen.findByText('Cross-selling stopped: other stores no longer sell it.'),
    ).toBeTruthy();
    expect(sent.at(-1)).toEqual({ enabled: false, commission_percent: 15 });
  });

  it('is read-only for a member who may not change campaigns', async () => {
    show(User.parse({ ...SELLER, roles: ['staff'], permissions: ['get_campaigns'] }));
    const percent = await screen.findByLabelText('Commission for the selling store (%)');
    expect(percent.closest('fieldset')?.disabled).toBe(true);
  });
});
