import { describe, expect, it } from 'vitest';
import { PRINT_TYPES } from '../enums/catalog.js';
import { coverImage, designFitFor, placeImage } from './imagePlacement.js';

const space = { width: 4200, height: 4800, DPI: 300, minDPI: 150 };

describe('all-over print placement (spec §3 print type 3)', () => {
  it('covers for all-over print and contains for every other print type', () => {
    expect(designFitFor(PRINT_TYPES.aop)).toBe('cover');
    for (const type of [0, 1, 2, 4, 5]) expect(designFitFor(type)).toBe('contain');
  });

  it('scales a small pattern past the DPI cap so it still reaches every edge', () => {
    const placed = placeImage({ width: 600, height: 600 }, space, PRINT_TYPES.aop);
    expect(placed).toEqual(coverImage({ width: 600, height: 600 }, space));
    expect(placed.scaleX * 600).toBe(4800);
    expect(placed).toMatchObject({ left: 2100, top: 2400 });
    // Contained on a regular print, the same image stops at the DPI cap.
    expect(placeImage({ width: 600, height: 600 }, space).scaleX * 600).toBeLessThan(4200);
  });
});
