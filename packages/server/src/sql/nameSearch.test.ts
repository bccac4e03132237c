import { describe, expect, it } from 'vitest';
import { nameWordsQuery } from './nameSearch.js';

describe('nameWordsQuery', () => {
  it('wants whole words but the last, which may be the start of one', () => {
    expect(nameWordsQuery('Buyer 12345')).toBe("'buyer' & '12345':*");
    expect(nameWordsQuery('stone')).toBe("'stone':*");
    expect(nameWordsQuery('Jean-Lu')).toBe("'jean' & 'lu':*");
    expect(nameWordsQuery('Chloé')).toBe("'chloé':*");
  });

  it('wants whole words when the search ends with a separator, and none without letters', () => {
    expect(nameWordsQuery('100%')).toBe("'100'");
    expect(nameWordsQuery("O'")).toBe("'o'");
    expect(nameWordsQuery('%')).toBeNull();
    expect(nameWordsQuery("' & !x")).toBe("'x':*");
  });
});
