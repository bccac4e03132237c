// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { QuickNav } from './QuickNav.js';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderQuickNav(user: Parameters<typeof QuickNav>[0]['user']) {
  const element = (
    <>
      <QuickNav user={user} context={{}} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { where: () => screen.getByTestId('where').textContent };
}

const seller = { roles: [], tags: [], permissions: [] };

async function open(keyboard: ReturnType<typeof userEvent.setup>) {
  await keyboard.keyboard('{Control>}g{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Quick navigation' });
  return { dialog, box: within(dialog).getByRole('combobox', { name: 'Go to page' }) };
}

const optionLabels = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.textContent);

describe('quick navigation (spec §2, Ctrl+G)', () => {
  it('filters as you type and goes to the first match on Enter', async () => {
    const keys = userEvent.setup();
    const { where } = renderQuickNav(seller);
    const { dialog, box } = await open(keys);
    expect(box).toHaveProperty('placeholder', 'Go to page');
    expect(optionLabels(dialog)).toContain('Campaigns › Bulk campaigns');

    await keys.type(box, 'cust');
    expect(optionLabels(dialog)).toEqual(['Orders › Customers']);
    await keys.keyboard('{Enter}');
    expect(where()).toBe('/customers');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves the highlight with the arrow keys and opens the highlighted page', async () => {
    const keys = userEvent.setup();
    const { where } = renderQuickNav(seller);
    const { dialog, box } = await open(keys);
    await keys.type(box, 'orders');
    const labels = optionLabels(dialog);
    expect(labels.slice(0, 2)).toEqual(['Orders › All Orders', 'Orders › Abandoned']);
    const selected = () =>
      within(dialog)
        .getAllByRole('option')
        .filter((option) => option.getAttribute('aria-selected') === 'true')
        .map((option) => option.textContent);
    expect(selected()).toEqual(['Orders › All Orders']);
    await keys.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(selected()).toEqual(['Orders › Abandoned']);
    expect(box.getAttribute('aria-activedescendant')).toBe(
      within(dialog).getByRole('option', { name: 'Orders › Abandoned' }).id,
    );
    await keys.keyboard('{Enter}');
    expect(where()).toBe('/abandoned-orders');
  });

  it('asks for a choice when nothing is typed, and says when nothing matches', async () => {
    const keys = userEvent.setup();
    const { where } = renderQuickNav(seller);
    const { dialog, box } = await open(keys);
    await keys.click(within(dialog).getByRole('button', { name: 'Go' }));
    expect(within(dialog).getByText('Please select a page.')).toBeTruthy();
    await keys.type(box, 'zzz');
    expect(optionLabels(dialog)).toEqual([]);
    await keys.keyboard('{Enter}');
    expect(within(dialog).getAllByText('No page matches what you typed.').length).toBeGreaterThan(
      0,
    );
    expect(where()).toBe('/');
    await keys.clear(box);
    await keys.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/');
  });

  it('lists only the pages the user may open', async () => {
    const keys = userEvent.setup();
    renderQuickNav({ roles: ['manager'], permissions: ['get_orders'], tags: [] });
    const { dialog } = await open(keys);
    const labels = optionLabels(dialog);
    expect(labels).toContain('Orders › All Orders');
    expect(labels).not.toContain('Campaigns › All Campaigns');
    expect(labels).not.toContain('Campaigns › Bulk campaigns');
    expect(labels).not.toContain('Settings › Team');
  });

  it('opens a page picked with the pointer', async () => {
    const keys = userEvent.setup();
    const { where } = renderQuickNav(seller);
    const { dialog, box } = await open(keys);
    await keys.type(box, 'bulk');
    await keys.click(within(dialog).getByRole('option', { name: 'Campaigns › Bulk campaigns' }));
    expect(where()).toBe('/bulk-campaigns');
  });
});
