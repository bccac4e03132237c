import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_FALLBACK,
  Colour,
  clampBrightness,
  colorBrightness,
  isDarkColor,
  parseBackgroundColor,
} from './index.js';

describe('isDarkColor (spec §5: brightness below 50 of 100)', () => {
  it('calls black, navy and pure blue dark', () => {
    expect(isDarkColor('#000000')).toBe(true);
    expect(isDarkColor('#000080')).toBe(true);
    expect(isDarkColor('#00f')).toBe(true);
  });

  it('calls white, yellow and light grey light', () => {
    expect(isDarkColor('#FFFFFF')).toBe(false);
    expect(isDarkColor('#ffff00')).toBe(false);
    expect(isDarkColor('#cccccc')).toBe(false);
  });

  it('puts the line at 50: #7f7f7f (49.8) is dark, #808080 (50.2) is not', () => {
    expect(colorBrightness('#7f7f7f')).toBeLessThan(50);
    expect(isDarkColor('#7f7f7f')).toBe(true);
    expect(isDarkColor('#808080')).toBe(false);
  });

  it('rejects what is not a colour', () => {
    expect(() => isDarkColor('red')).toThrow("'red' is not a colour written #rgb or #rrggbb");
  });
});

describe('clampBrightness (spec §5: darker than 20 percent lightened to 20 percent)', () => {
  it('lifts black to 20 percent grey', () => {
    expect(clampBrightness('#000000', 0.2)).toBe('#333333');
  });

  it('keeps the hue of a very dark colour', () => {
    const lifted = clampBrightness('#000022', 0.2);
    expect(lifted).toBe('#000066');
  });

  it('leaves colours at or above 20 percent unchanged', () => {
    expect(clampBrightness('#333333', 0.2)).toBe('#333333');
    expect(clampBrightness('#FF0000')).toBe('#ff0000');
    expect(clampBrightness('#abc')).toBe('#aabbcc');
  });

  it('rejects a bad colour or minimum', () => {
    expect(() => clampBrightness('#12345', 0.2)).toThrow(/not a colour/);
    expect(() => clampBrightness('#000', 2)).toThrow(/between 0 and 1/);
  });
});

describe('parseBackgroundColor (spec §5)', () => {
  it('accepts #rgb and #rrggbb', () => {
    expect(parseBackgroundColor('#fff')).toBe('#fff');
    expect(parseBackgroundColor('#1A2b3C')).toBe('#1A2b3C');
    expect(parseBackgroundColor(' #000000 ')).toBe('#000000');
  });

  it('shows anything else as semi-transparent white', () => {
    for (const bad of ['red', '#ffff', '#12345g', '', 'rgb(0,0,0)', null, undefined, 12]) {
      expect(parseBackgroundColor(bad)).toBe(BACKGROUND_FALLBACK);
    }
    expect(BACKGROUND_FALLBACK).toBe('rgba(255, 255, 255, 0.5)');
  });
});

describe('Colour schema (spec §3)', () => {
  it('accepts a name and hex code', () => {
    expect(Colour.parse({ name: 'Black', hex_code: '#000000' })).toEqual({
      name: 'Black',
      hex_code: '#000000',
    });
  });

  it('refuses a colour without a name or with a bad hex code', () => {
    expect(Colour.safeParse({ name: '', hex_code: '#000' }).success).toBe(false);
    expect(Colour.safeParse({ name: 'Navy', hex_code: 'navy' }).success).toBe(false);
  });
});
