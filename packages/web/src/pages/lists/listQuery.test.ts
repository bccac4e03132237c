import { BulkMultiSpaceListQuery, CampaignListQuery } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_LIST_SPEC,
  campaignApiQuery,
  changeListQuery,
  isIncompleteCustomRange,
  MULTI_SPACE_LIST_SPEC,
  multiSpaceApiQuery,
  REGULAR_BULK_LIST_SPEC,
  readListQuery,
  regularBulkApiQuery,
  writeListQuery,
} from './listQuery.js';

const read = (spec: typeof CAMPAIGN_LIST_SPEC, search: string) =>
  readListQuery(spec, new URLSearchParams(search));

describe('campaign list query in the address', () => {
  it('reads an empty address as the spec defaults: page 1, newest first, all types', () => {
    const state = read(CAMPAIGN_LIST_SPEC, '');
    expect(state).toMatchObject({ q: '', page: '1', status: '', order_by: 'id:desc' });
    const query = campaignApiQuery(state);
    expect(query).toMatchObject({ page: 1, per_page: 15, order_by: 'id:desc' });
    expect(query.product_type).toBeUndefined();
    // What the server applies for a missing product_type is the spec's default list.
    expect(CampaignListQuery.parse(query).product_type).toBe(
      'campaign,campaign_express,campaign_template',
    );
  });

  it('round-trips every field and leaves defaults out of the address', () => {
    const search =
      'q=cat+tee&page=3&status=active&product_type=campaign_express&system_type=custom&time=last_7_days&order_by=name%3Aasc';
    const state = read(CAMPAIGN_LIST_SPEC, search);
    expect(state).toMatchObject({
      q: 'cat tee',
      page: '3',
      status: 'active',
      product_type: 'campaign_express',
      system_type: 'custom',
      time: 'last_7_days',
      order_by: 'name:asc',
    });
    expect(writeListQuery(CAMPAIGN_LIST_SPEC, state).toString()).toBe(search);
    expect(writeListQuery(CAMPAIGN_LIST_SPEC, read(CAMPAIGN_LIST_SPEC, '')).toString()).toBe('');
    expect(CampaignListQuery.safeParse(campaignApiQuery(state)).success).toBe(true);
  });

  it('reads values the list does not know as their default', () => {
    const state = read(
      CAMPAIGN_LIST_SPEC,
      'page=-2&status=sold&order_by=price:asc&time=forever&from=yesterday&product_type=shoes',
    );
    expect(state).toMatchObject({
      page: '1',
      status: '',
      order_by: 'id:desc',
      time: '',
      from: '',
      product_type: '',
    });
  });

  it('sends a custom range only with both days in order', () => {
    const incomplete = read(CAMPAIGN_LIST_SPEC, 'time=custom&from=2026-11-01');
    expect(isIncompleteCustomRange(incomplete)).toBe(true);
    expect(campaignApiQuery(incomplete).time).toBeUndefined();
    const reversed = read(CAMPAIGN_LIST_SPEC, 'time=custom&from=2026-11-09&to=2026-11-01');
    expect(campaignApiQuery(reversed).time).toBeUndefined();
    const range = campaignApiQuery(
      read(CAMPAIGN_LIST_SPEC, 'time=custom&from=2026-11-01&to=2026-11-09'),
    );
    expect(range).toMatchObject({ time: 'custom', from: '2026-11-01', to: '2026-11-09' });
    expect(CampaignListQuery.safeParse(range).success).toBe(true);
  });

  it('goes back to page 1 when a filter changes, not when the page does', () => {
    const state = read(CAMPAIGN_LIST_SPEC, 'page=4&q=mug');
    expect(changeListQuery(state, { q: 'mugs' }).page).toBe('1');
    expect(changeListQuery(state, { status: 'draft' })).toMatchObject({ page: '1', q: 'mug' });
    expect(changeListQuery(state, { page: '5' })).toMatchObject({ page: '5', q: 'mug' });
  });
});

describe('bulk list queries in the address', () => {
  it('reads q, page, per_page, status, type, time and order_by of the multi-space list', () => {
    const state = readListQuery(
      MULTI_SPACE_LIST_SPEC,
      new URLSearchParams(
        'q=shirt&page=2&per_page=50&status=failed&type=express_multi_space&time=today&order_by=id:asc',
      ),
    );
    const query = multiSpaceApiQuery(state);
    expect(query).toEqual({
      q: 'shirt',
      page: 2,
      per_page: 50,
      status: 'failed',
      type: 'express_multi_space',
      time: 'today',
      order_by: 'id:asc',
    });
    expect(BulkMultiSpaceListQuery.safeParse(query).success).toBe(true);
  });

  it('keeps per_page to the offered sizes and the default of 10 out of the address', () => {
    const state = readListQuery(MULTI_SPACE_LIST_SPEC, new URLSearchParams('per_page=7'));
    expect(state.per_page).toBe('10');
    expect(writeListQuery(MULTI_SPACE_LIST_SPEC, state).toString()).toBe('');
  });

  it('has no type on the regular list', () => {
    const state = readListQuery(
      REGULAR_BULK_LIST_SPEC,
      new URLSearchParams('type=regular_multi_space&status=stopped'),
    );
    expect(regularBulkApiQuery(state)).not.toHaveProperty('type');
    expect(regularBulkApiQuery(state).status).toBe('stopped');
  });
});
