import { describe, expect, it } from 'vitest';
import { checkPersonalizedMatch } from './checkPersonalizedMatch.js';

const MISMATCH = "Campaign's personalized should be matched with products's personalized.";
const ERROR = 'An error occurred, please try again.';

describe('checkPersonalizedMatch (spec §5)', () => {
  it('passes products that share the campaign value', () => {
    expect(
      checkPersonalizedMatch({ personalized: 1 }, [{ personalized: 1 }, { personalized: 1 }]),
    ).toEqual({
      ok: true,
    });
    expect(checkPersonalizedMatch({ personalized: 0 }, [{ personalized: 0 }, {}])).toEqual({
      ok: true,
    });
  });

  it('without a campaign value, needs the products to agree among themselves', () => {
    expect(checkPersonalizedMatch({}, [{ personalized: 2 }, { personalized: 2 }]).ok).toBe(true);
    expect(
      checkPersonalizedMatch({ personalized: null }, [{ personalized: 1 }, { personalized: 0 }]),
    ).toEqual({
      ok: false,
      message: MISMATCH,
    });
  });

  it('refuses products whose value differs from the campaign', () => {
    expect(checkPersonalizedMatch({ personalized: 1 }, [{ personalized: 0 }])).toEqual({
      ok: false,
      message: MISMATCH,
    });
  });

  it('leaves handmade (print type 5) products out', () => {
    const products = [
      { personalized: 1, full_printed: 0 },
      { personalized: 0, full_printed: 5 },
    ];
    expect(checkPersonalizedMatch({ personalized: 1 }, products).ok).toBe(true);
    expect(
      checkPersonalizedMatch({ personalized: 1 }, [{ personalized: 0, full_printed: 2 }]).ok,
    ).toBe(false);
  });

  it('reads numeric text and booleans as numbers', () => {
    expect(checkPersonalizedMatch({ personalized: '1' }, [{ personalized: true }]).ok).toBe(true);
  });

  it('gives the error message for anything unreadable', () => {
    expect(checkPersonalizedMatch({ personalized: 1 }, null as unknown as [])).toEqual({
      ok: false,
      message: ERROR,
    });
    expect(checkPersonalizedMatch({}, [{ personalized: 'yes' }])).toEqual({
      ok: false,
      message: ERROR,
    });
    expect(checkPersonalizedMatch({}, [null as unknown as object])).toEqual({
      ok: false,
      message: ERROR,
    });
  });
});
