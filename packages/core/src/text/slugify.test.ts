import { describe, expect, it } from 'vitest';
import { CampaignCreateBody } from '../campaign/Campaign.js';
import { SLUG_MAX_LENGTH, slugify } from './slugify.js';

describe('slugify', () => {
  it('folds accents instead of splitting words on them', () => {
    expect(slugify('Crème Brûlée Tee')).toBe('creme-brulee-tee');
    expect(slugify('Café Crème!')).toBe('cafe-creme');
    expect(slugify('Ñandú Señor')).toBe('nandu-senor');
    expect(slugify('ÅNGSTRÖM Ørsted')).toBe('angstrom-orsted');
  });

  it('spells out letters that carry no separate accent', () => {
    expect(slugify('Straße Æsop Łódź')).toBe('strasse-aesop-lodz');
  });

  it('turns every run of other characters into one dash, none at the ends', () => {
    expect(slugify('  --Hello,  World--  ')).toBe('hello-world');
    expect(slugify('50% off: 2 for 1!!')).toBe('50-off-2-for-1');
    expect(slugify('Tee ½ ²')).toBe('tee-1-2-2');
  });

  it('gives an empty slug when nothing of the name is left, for the caller to fill', () => {
    expect(slugify('')).toBe('');
    expect(slugify('★★★')).toBe('');
    expect(slugify('日本語')).toBe('');
  });

  it('cuts a long name at 80 characters without leaving a dash at the end', () => {
    const slug = slugify(`${'a'.repeat(79)} tee`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    // A store's slug suggestion is shorter: the caller says how long.
    expect(slugify('My Cool Shop Of Many Words', 12)).toBe('my-cool-shop');
  });

  it('makes a slug the campaign route accepts', () => {
    for (const name of ['Crème Brûlée Tee', 'Straße 42', '  -x-  ', 'word '.repeat(40)]) {
      expect(CampaignCreateBody.shape.slug.safeParse(slugify(name)).success).toBe(true);
    }
  });
});
