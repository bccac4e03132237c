import { TEXT_MAX_LENGTH } from './constants.js';

/**
 * Length of a text as the seller sees it: user-perceived characters, so an emoji or an accented
 * letter typed as two code units counts once.
 */
export function textLength(text: string): number {
  const Segmenter = Intl.Segmenter;
  if (typeof Segmenter === 'function') {
    let count = 0;
    for (const _ of new Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count++;
    return count;
  }
  return Array.from(text).length;
}

/** Whether a text fits the spec §5 limit of 16 characters per text object. */
export function isValidTextLength(text: string, maxLength: number = TEXT_MAX_LENGTH): boolean {
  return textLength(text) <= maxLength;
}

/** Cuts a text to at most `maxLength` characters, as the editor does while the seller types. */
export function limitTextLength(text: string, maxLength: number = TEXT_MAX_LENGTH): string {
  if (textLength(text) <= maxLength) return text;
  const Segmenter = Intl.Segmenter;
  const parts =
    typeof Segmenter === 'function'
      ? Array.from(
          new Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
          (s) => s.segment,
        )
      : Array.from(text);
  return parts.slice(0, maxLength).join('');
}
