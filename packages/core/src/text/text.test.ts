import { describe, expect, it } from 'vitest';
import {
  applyCase,
  canAddText,
  isValidTextLength,
  limitTextLength,
  newTextWidth,
  TEXT_DEFAULT,
  TEXT_DEFAULT_FONT_FAMILY,
  TEXT_DEFAULT_FONT_SIZE,
  TEXT_MAX_LENGTH,
  TEXT_MAX_PER_PRINT_SPACE,
  textBoxWidth,
  textLength,
} from './index.js';

describe('text constants (spec §9)', () => {
  it('holds the spec numbers', () => {
    expect(TEXT_MAX_LENGTH).toBe(16);
    expect(TEXT_MAX_PER_PRINT_SPACE).toBe(2);
    expect(TEXT_DEFAULT).toBe('Hello');
    expect(TEXT_DEFAULT_FONT_SIZE).toBe(100);
    expect(TEXT_DEFAULT_FONT_FAMILY).toBe('Roboto');
  });
});

describe('text length limit', () => {
  it('accepts 16 characters and refuses 17', () => {
    expect(isValidTextLength('a'.repeat(16))).toBe(true);
    expect(isValidTextLength('a'.repeat(17))).toBe(false);
  });

  it('counts an emoji or a combined accent as one character', () => {
    expect(textLength('café👍🏽')).toBe(5);
    expect(isValidTextLength(`${'a'.repeat(15)}👍🏽`)).toBe(true);
  });

  it('cuts typed text to 16 characters', () => {
    expect(limitTextLength('Happy Birthday Mom!')).toBe('Happy Birthday M');
    expect(limitTextLength(TEXT_DEFAULT)).toBe('Hello');
  });
});

describe('canAddText', () => {
  it('allows a first and a second text object and refuses a third', () => {
    expect(canAddText(0)).toBe(true);
    expect(canAddText(1)).toBe(true);
    expect(canAddText(2)).toBe(false);
  });

  it('refuses while the design is loading', () => {
    expect(canAddText(0, { loading: true })).toBe(false);
  });

  it('rejects a nonsense count', () => {
    expect(() => canAddText(-1)).toThrow(/0 or more/);
    expect(() => canAddText(1.5)).toThrow(/whole number/);
  });
});

describe('applyCase', () => {
  it('converts upper and lower case', () => {
    expect(applyCase('Hello World', 'uppercase')).toBe('HELLO WORLD');
    expect(applyCase('Hello World', 'lowercase')).toBe('hello world');
  });

  it('capitalizes every word and keeps the rest as typed', () => {
    expect(applyCase('best mom ever', 'capitalize')).toBe('Best Mom Ever');
    expect(applyCase('my iPhone-case', 'capitalize')).toBe('My IPhone-Case');
    expect(applyCase('élan vital', 'capitalize')).toBe('Élan Vital');
  });

  it('refuses an unknown mode', () => {
    // @ts-expect-error the mode is checked at run time too
    expect(() => applyCase('x', 'title')).toThrow(/Unknown case mode 'title'/);
  });
});

describe('text box width (spec §5 width modes, §9 new width)', () => {
  it('starts new text at 80 percent of the print width', () => {
    expect(newTextWidth(1000)).toBe(800);
  });

  it('keeps the old width in fixed mode', () => {
    expect(textBoxWidth('fixed', 400, 650, 1000)).toBe(400);
  });

  it('never grows past the old width in limited mode but may shrink', () => {
    expect(textBoxWidth('limited', 400, 650, 1000)).toBe(400);
    expect(textBoxWidth('limited', 400, 300, 1000)).toBe(300);
  });

  it('follows the text in flexible mode, never wider than the print width', () => {
    expect(textBoxWidth('flexible', 400, 650, 1000)).toBe(650);
    expect(textBoxWidth('flexible', 400, 1400, 1000)).toBe(1000);
    expect(textBoxWidth('fixed', 1200, 100, 1000)).toBe(1000);
  });
});
