import { describe, expect, it } from 'vitest';
import { isStoreLimited } from './isStoreLimited.js';

describe('isStoreLimited', () => {
  it('is true only for a member whose grant lists stores', () => {
    expect(isStoreLimited({ roles: ['staff'], team_store_ids: [3] })).toBe(true);
    expect(isStoreLimited({ roles: ['staff'], team_store_ids: [] })).toBe(false);
    expect(isStoreLimited({ roles: [] })).toBe(false);
  });
});
