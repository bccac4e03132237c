import { CampaignListQuery } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { changeListState, parseListState, rawListState, writeListState } from './listUrlState.js';

const read = (search: string) =>
  parseListState(CampaignListQuery, rawListState(CampaignListQuery, new URLSearchParams(search)));

describe('a list state in the address, read with the route’s query schema', () => {
  it('applies the schema’s defaults to an empty address', () => {
    expect(read('')).toMatchObject({ page: 1, per_page: 15, order_by: 'id:desc' });
    expect(read('').status).toBeUndefined();
  });

  it('reads every valid field as the API will take it (numbers as numbers)', () => {
    const state = read('q=sunset&status=active&page=3&order_by=name:asc');
    expect(state).toMatchObject({ q: 'sunset', status: 'active', page: 3, order_by: 'name:asc' });
  });

  it('drops a refused field and keeps the rest, instead of failing the page', () => {
    const state = read('status=sleeping&page=-2&q=mug&order_by=price:asc');
    expect(state.status).toBeUndefined();
    expect(state.page).toBe(1);
    expect(state.order_by).toBe('id:desc');
    expect(state.q).toBe('mug');
  });

  it('keeps an unfinished custom range in the raw fields but out of the query', () => {
    const params = new URLSearchParams('time=custom&from=2026-11-01');
    expect(rawListState(CampaignListQuery, params)).toEqual({ time: 'custom', from: '2026-11-01' });
    const state = parseListState(CampaignListQuery, rawListState(CampaignListQuery, params));
    expect(state.time).toBeUndefined();
    expect(state.from).toBeUndefined();
    expect(read('time=custom&from=2026-11-01&to=2026-11-20')).toMatchObject({
      time: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('writes only what differs from the defaults, and a filter change goes back to page 1', () => {
    const raw = { q: 'tee', page: '4', order_by: 'id:desc' };
    expect(writeListState(CampaignListQuery, raw).toString()).toBe('q=tee&page=4');
    const filtered = changeListState(raw, { status: 'inactive' });
    expect(writeListState(CampaignListQuery, filtered).toString()).toBe('q=tee&status=inactive');
    const paged = changeListState(raw, { page: 5 });
    expect(writeListState(CampaignListQuery, paged).toString()).toBe('q=tee&page=5');
    const cleared = changeListState(raw, { q: undefined });
    expect(writeListState(CampaignListQuery, cleared).toString()).toBe('');
  });
});
