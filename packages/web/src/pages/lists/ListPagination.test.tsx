// @vitest-environment happy-dom
import { cappedPageInfo } from '@printloom/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPagination } from './ListPagination.js';

function renderPage(counted: number, page: number, onPage: (page: number) => void = () => {}) {
  const info = cappedPageInfo(counted, page, 25);
  render(
    <ListPagination
      page={info.current_page}
      lastPage={info.last_page}
      total={info.total}
      totalIsCapped={info.total_is_capped}
      from={info.from}
      to={info.to}
      noun="campaigns"
      onPage={onPage}
    />,
  );
}

describe('ListPagination', () => {
  afterEach(cleanup);

  it('shows an exact total as it is', () => {
    renderPage(42, 2);
    expect(screen.getByTestId('list-range').textContent).toBe('Showing 26–42 of 42 campaigns');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows 10,000+ when the count stopped at its cap and still offers the next page', async () => {
    const asked: number[] = [];
    renderPage(10_001, 400, (page) => asked.push(page));
    expect(screen.getByTestId('list-range').textContent).toBe(
      'Showing 9,976–10,000 of 10,000+ campaigns',
    );
    expect(screen.getByText('Page 400 of 401+')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(asked).toEqual([401]);
  });
});
