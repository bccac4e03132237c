// @vitest-environment happy-dom
import type { PageId, UserInput } from '@printloom/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../api/queryClient.js';
import { renderPages } from '../test/pageHarness.js';

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const verified = {
  id: 7,
  name: 'Team Member',
  email: 'team@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

/** Opens `url` signed in as `user`, through the real page routes of `pages` (guards included). */
function open(user: UserInput, url: string, pages: PageId[]) {
  renderPages(pages, url, user);
}

// The first page chunk a test file loads is compiled on the spot, which can take seconds.
const LOAD_TIMEOUT = { timeout: 10_000 };
const denied = () =>
  screen.findByRole('heading', { name: "You don't have access to this page" }, LOAD_TIMEOUT);

describe('a page the user may not open (PAGES permission, tags, gates)', () => {
  it('shows a team member without get_campaigns the access-denied page on /campaigns', async () => {
    open({ ...verified, roles: ['staff'], permissions: ['get_orders'] }, '/campaigns', [
      'all_campaigns',
      'all_orders',
    ]);
    await denied();
    const page = screen.getByTestId('access-denied');
    expect(page.textContent).toContain('The All Campaigns page needs the get_campaigns permission');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    // What the member may open instead; never the campaigns list itself.
    expect(screen.getByRole('link', { name: 'Orders › All Orders' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Campaigns › All Campaigns' })).toBeNull();
    expect(screen.queryByTestId('campaign-rows')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'All Campaigns' })).toBeNull();
  });

  it('shows the page itself to a member who holds its permission', async () => {
    open({ ...verified, roles: ['staff'], permissions: ['get_campaigns'] }, '/promotions', [
      'promotions',
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Promotions' }, LOAD_TIMEOUT);
    expect(screen.queryByTestId('access-denied')).toBeNull();
  });

  it('names the missing tag of a tag-gated page, even for the seller', async () => {
    open({ ...verified, name: 'Seller' }, '/pricing', ['pricing']);
    await denied();
    expect(screen.getByTestId('access-denied').textContent).toContain(
      'The Pricing page is only for accounts with the pricing tag.',
    );
  });

  it('keeps a team member with every permission off the account owner pages', async () => {
    const everything = [
      'get_payments',
      'update_payments',
      'get_orders',
      'get_campaigns',
      'update_campaign',
      'get_reports',
      'get_users',
      'update_social_feed',
    ];
    open({ ...verified, roles: ['staff'], permissions: everything }, '/team', ['team']);
    await denied();
    expect(screen.getByTestId('access-denied').textContent).toContain(
      'Only the account owner can open the Team page',
    );
  });
});
