import { describe, expect, it } from 'vitest';
import {
  capImageScale,
  effectiveDpi,
  lowestDesignDpi,
  maxImageScale,
  qualityLabel,
} from './index.js';

describe('qualityLabel (spec §5)', () => {
  it("is 'good' at exactly 225 DPI, the average of 300 and 150", () => {
    expect(qualityLabel(225)).toBe('good');
    expect(qualityLabel(300)).toBe('good');
    expect(qualityLabel(Number.POSITIVE_INFINITY)).toBe('good');
  });

  it("is 'normal' just below 225 and at exactly 150", () => {
    expect(qualityLabel(224.99)).toBe('normal');
    expect(qualityLabel(150)).toBe('normal');
  });

  it("is 'low' below 150", () => {
    expect(qualityLabel(149.99)).toBe('low');
    expect(qualityLabel(0)).toBe('low');
  });

  it('follows a print space with its own DPI and minimum', () => {
    expect(qualityLabel(100, 120, 80)).toBe('good');
    expect(qualityLabel(99, 120, 80)).toBe('normal');
    expect(qualityLabel(79, 120, 80)).toBe('low');
  });

  it('rejects impossible values', () => {
    expect(() => qualityLabel(Number.NaN)).toThrow(/Lowest DPI/);
    expect(() => qualityLabel(200, 0)).toThrow(/DPI must be/);
  });
});

describe('DPI cap (spec §5: ratio DPI/minDPI, 2 by default)', () => {
  it('lets an image grow to twice its size by default', () => {
    expect(maxImageScale()).toBe(2);
    expect(maxImageScale(300, 100)).toBe(3);
  });

  it('caps a requested scale so effective DPI stays at the minimum', () => {
    expect(capImageScale(3.5)).toBe(2);
    expect(capImageScale(1.2)).toBe(1.2);
    expect(effectiveDpi(capImageScale(3.5))).toBe(150);
  });

  it('measures effective DPI as DPI over scale', () => {
    expect(effectiveDpi(1)).toBe(300);
    expect(effectiveDpi(2)).toBe(150);
    expect(effectiveDpi(0.5)).toBe(600);
  });
});

describe('lowestDesignDpi', () => {
  it('takes the worst image', () => {
    const lowest = lowestDesignDpi([{ scale: 1 }, { scale: 1.6 }, { scale: 0.5 }]);
    expect(lowest).toBe(187.5);
    expect(qualityLabel(lowest)).toBe('normal');
  });

  it('counts locked and 3D full-print images as full DPI', () => {
    expect(lowestDesignDpi([{ scale: 4, locked: true }])).toBe(300);
    expect(lowestDesignDpi([{ scale: 4, fullPrint3d: true }])).toBe(300);
    expect(lowestDesignDpi([])).toBe(300);
  });
});
