import { describe, expect, it } from 'vitest';
import { cappedPageInfo, countLimit, LIST_COUNT_CAP } from './pagination.js';

describe('cappedPageInfo', () => {
  it('is the exact page info while the count stays within the cap', () => {
    expect(cappedPageInfo(42, 2, 15)).toEqual({
      total: 42,
      total_is_capped: false,
      per_page: 15,
      current_page: 2,
      last_page: 3,
      from: 16,
      to: 30,
    });
    expect(cappedPageInfo(LIST_COUNT_CAP, 1, 25)).toMatchObject({
      total: 10_000,
      total_is_capped: false,
      last_page: 400,
    });
  });

  it('answers the cap and one page more when more rows than the cap match', () => {
    expect(cappedPageInfo(LIST_COUNT_CAP + 1, 1, 25)).toEqual({
      total: 10_000,
      total_is_capped: true,
      per_page: 25,
      current_page: 1,
      last_page: 401,
      from: 1,
      to: 25,
    });
    // 10,000 is not a multiple of 15: the row after the cap is still on page 667.
    expect(cappedPageInfo(LIST_COUNT_CAP + 1, 1, 15)).toMatchObject({ last_page: 667 });
  });

  it('counts to the end of a page that lies past the cap', () => {
    expect(countLimit(401, 25)).toBe(10_025);
    expect(cappedPageInfo(10_026, 401, 25)).toMatchObject({
      total: 10_025,
      total_is_capped: true,
      last_page: 402,
      from: 10_001,
      to: 10_025,
    });
    expect(cappedPageInfo(10_030, 402, 25)).toMatchObject({
      total: 10_030,
      total_is_capped: false,
      last_page: 402,
      from: 10_026,
      to: 10_030,
    });
  });
});
