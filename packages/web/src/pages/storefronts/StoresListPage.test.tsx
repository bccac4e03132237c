// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../test/pageHarness.js';

/** The store list as the server answers a store-limited member: their stores only. */
function storesServer() {
  return async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/stores') {
      return jsonAnswer(200, { success: true, data: [storeView({ id: 3, name: 'Cat Shirts' })] });
    }
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
}

const base: UserInput = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};
// The first render loads the page lazily, slow on a busy machine.
const LOAD_TIMEOUT = { timeout: 60_000 };

beforeEach(() => {
  vi.stubGlobal('fetch', storesServer());
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Stores list for a store-limited team member', () => {
  it('says which stores the member works on and offers no new store', async () => {
    renderPages(['all_stores'], '/storefronts', {
      ...base,
      roles: ['staff'],
      permissions: ['update_campaign'],
      store_ids: [3],
      team_store_ids: [3],
    });
    await screen.findByText('Cat Shirts', {}, LOAD_TIMEOUT);
    expect(screen.getByTestId('store-limit-note').textContent).toContain('one of its stores');
    expect(screen.queryByRole('button', { name: 'Create store' })).toBeNull();
  });

  it('lets a member for every store create one, with no limit note', async () => {
    renderPages(['all_stores'], '/storefronts', {
      ...base,
      roles: ['staff'],
      permissions: ['update_campaign'],
      store_ids: [3],
      team_store_ids: [],
    });
    await screen.findByText('Cat Shirts', {}, LOAD_TIMEOUT);
    expect(screen.queryByTestId('store-limit-note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create store' })).toBeTruthy();
  });
});
