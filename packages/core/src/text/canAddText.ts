import { TEXT_MAX_PER_PRINT_SPACE } from './constants.js';

/**
 * Whether one more text object may go on a print space that already holds `existingTextCount`
 * (spec §5: at most 2). While a design is still loading nothing new may be added (spec §4), so
 * the loading flag refuses too.
 */
export function canAddText(
  existingTextCount: number,
  options: { loading?: boolean } = {},
): boolean {
  if (!Number.isInteger(existingTextCount) || existingTextCount < 0) {
    throw new RangeError(
      `Text count must be a whole number of 0 or more, got ${existingTextCount}`,
    );
  }
  if (options.loading) return false;
  return existingTextCount < TEXT_MAX_PER_PRINT_SPACE;
}
