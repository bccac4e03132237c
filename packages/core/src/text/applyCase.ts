import { TEXT_CASE_MODES } from './constants.js';

export type TextCaseMode = (typeof TEXT_CASE_MODES)[number];

export function isTextCaseMode(value: unknown): value is TextCaseMode {
  return typeof value === 'string' && (TEXT_CASE_MODES as readonly string[]).includes(value);
}

/**
 * Converts the case of a text object's text (spec §5).
 *
 * 'capitalize' upper-cases the first letter of every word and leaves the other letters as typed,
 * like CSS `text-transform: capitalize`: the spec does not say otherwise, and keeping the rest
 * means a seller's "McDonald" or "iPhone" inside a word survives the conversion.
 */
export function applyCase(text: string, mode: TextCaseMode): string {
  switch (mode) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(
        /(^|[\s\-_/.,;:!?()"'])(\p{L})/gu,
        (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
      );
    default:
      throw new RangeError(
        `Unknown case mode '${String(mode)}': use one of ${TEXT_CASE_MODES.join(', ')}`,
      );
  }
}
