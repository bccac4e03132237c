import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  type FeedItem,
  facebookCatalogCsv,
  googleMerchantXml,
  initialReviewStatus,
  normaliseKeyword,
  ReviewBody,
  reviewAuthorName,
  SEARCH_KEYWORD_MAX,
  SearchKeywordListQuery,
  SocialFeedBody,
} from './index.js';

const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  id: '1-2-Black-M',
  item_group_id: '1-2',
  title: 'Tee "Astro" <b>',
  description: 'Soft & warm',
  link: 'https://shop.test/products/astro',
  image_link: 'https://shop.test/a.png',
  price: 19.5,
  currency: 'USD',
  availability: 'in stock',
  brand: 'Shop',
  google_product_category: '212',
  color: 'Black',
  size: 'M',
  ...over,
});

describe('product reviews', () => {
  it('publishes on arrival only at or above the store threshold', () => {
    expect(initialReviewStatus(5, null)).toBe('pending');
    expect(initialReviewStatus(4, 4)).toBe('published');
    expect(initialReviewStatus(3, 4)).toBe('pending');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (r, n) => {
        expect(initialReviewStatus(r, n) === 'published').toBe(r >= n);
      }),
    );
  });

  it('averages to one decimal, within the ratings given', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4, 4])).toBe(4.3);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (ratings) => {
        const avg = averageRating(ratings);
        expect(avg).toBeGreaterThanOrEqual(Math.min(...ratings));
        expect(avg).toBeLessThanOrEqual(Math.max(...ratings));
      }),
    );
  });

  it('shows a first name and an initial', () => {
    expect(reviewAuthorName('Ada Byron Lovelace')).toBe('Ada L.');
    expect(reviewAuthorName('Cher')).toBe('Cher');
    expect(reviewAuthorName('  ')).toBe('Verified buyer');
  });

  it('validates strictly', () => {
    const ok = {
      campaign_id: 1,
      order_number: 'PL100001',
      email: 'a@b.test',
      rating: 5,
      title: ' Great\u0007 ',
      text: 'Lovely',
    };
    expect(ReviewBody.parse(ok).title).toBe('Great');
    expect(ReviewBody.safeParse({ ...ok, rating: 6 }).success).toBe(false);
    expect(ReviewBody.safeParse({ ...ok, rating: 4.5 }).success).toBe(false);
    expect(ReviewBody.safeParse({ ...ok, text: '   ' }).success).toBe(false);
    expect(ReviewBody.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    expect(ReviewBody.safeParse({ ...ok, title: 'x'.repeat(121) }).success).toBe(false);
  });
});

describe('search keywords', () => {
  it('normalises case, width and spaces', () => {
    expect(normaliseKeyword('  Cat   MOM\tShirt ')).toBe('cat mom shirt');
    expect(normaliseKeyword('ＣＡＴ')).toBe('cat');
    expect(normaliseKeyword(undefined)).toBe('');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const once = normaliseKeyword(text);
        expect(normaliseKeyword(once)).toBe(once);
        expect([...once].length).toBeLessThanOrEqual(SEARCH_KEYWORD_MAX);
      }),
    );
  });

  it('takes presets and custom ranges', () => {
    expect(SearchKeywordListQuery.parse({}).order_by).toBe('searches');
    expect(SearchKeywordListQuery.safeParse({ time: 'custom' }).success).toBe(false);
    expect(
      SearchKeywordListQuery.safeParse({ time: 'custom', from: '2026-01-01', to: '2026-01-31' })
        .success,
    ).toBe(true);
  });
});

describe('social feeds', () => {
  it('needs the collection or campaigns its scope names', () => {
    const base = { name: 'Google', store_id: 1, format: 'google_xml' };
    expect(SocialFeedBody.safeParse({ ...base, scope: 'all' }).success).toBe(true);
    expect(SocialFeedBody.safeParse({ ...base, scope: 'collection' }).success).toBe(false);
    expect(
      SocialFeedBody.safeParse({ ...base, scope: 'campaigns', campaign_ids: [] }).success,
    ).toBe(false);
  });

  it('writes the Google feed as escaped RSS with the g: namespace', () => {
    const out = googleMerchantXml(
      { title: 'A & B', link: 'https://shop.test/', description: 'd' },
      [item()],
    );
    expect(out).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(out).toContain('<title>A &amp; B</title>');
    expect(out).toContain('<g:title>Tee &quot;Astro&quot; &lt;b&gt;</g:title>');
    expect(out).toContain('<g:price>19.50 USD</g:price>');
    expect(out).toContain('<g:size>M</g:size>');
  });

  it('writes the Facebook feed as RFC 4180 CSV, defusing formulas', () => {
    const out = facebookCatalogCsv([item({ title: '=HYPERLINK("x")', description: 'a,b' })]);
    const [header, row] = out.split('\r\n');
    expect(header?.split(',')[0]).toBe('id');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"a,b"');
    expect(row).toContain('19.50 USD');
  });
});
