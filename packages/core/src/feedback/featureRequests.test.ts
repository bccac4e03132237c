import { describe, expect, it } from 'vitest';
import { slugify } from '../text/slugify.js';
import {
  FeatureRequestBody,
  FeatureRequestListQuery,
  featureRequestIdOf,
  featureRequestSlug,
} from './featureRequests.js';

describe('feature request addresses', () => {
  it('ends the slug with the id, and reads the id back', () => {
    const slug = featureRequestSlug('Dark mode for the editor!', 42, slugify);
    expect(slug).toBe('dark-mode-for-the-editor-42');
    expect(featureRequestIdOf(slug)).toBe(42);
    expect(featureRequestIdOf('42')).toBe(42);
  });

  it('finds no id in a slug without one', () => {
    expect(featureRequestIdOf('dark-mode')).toBeNull();
    expect(featureRequestIdOf('x-0')).toBeNull();
    expect(featureRequestIdOf('x-99999999999999999999')).toBeNull();
  });

  it('keeps a title with only symbols addressable by its id', () => {
    expect(featureRequestSlug('!!!', 7, slugify)).toBe('7');
  });
});

describe('feature request input', () => {
  it('names the rule a short title breaks', () => {
    const result = FeatureRequestBody.safeParse({
      title: 'Hi',
      body: 'Long enough body',
      category: 'bulk',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The title needs 5 to 120 characters.');
  });

  it('sorts by votes, 20 to a page, unless told otherwise', () => {
    expect(FeatureRequestListQuery.parse({})).toMatchObject({
      order_by: 'votes',
      page: 1,
      per_page: 20,
    });
    expect(FeatureRequestListQuery.safeParse({ order_by: 'random' }).success).toBe(false);
  });
});
