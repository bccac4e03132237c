import { describe, expect, it } from 'vitest';
import { gaveUpMessage, isLastAttempt } from './attemptLimit.js';
import { BULK_REASON_MAX_LENGTH, BULK_ROW_MAX_ATTEMPTS } from './constants.js';

describe('bulk attempt limit', () => {
  it('ends a row on its third claim', () => {
    expect(BULK_ROW_MAX_ATTEMPTS).toBe(3);
    expect([undefined, 0, 1, 2, 3, 4].map(isLastAttempt)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('fails with the reason, cut to what the server stores', () => {
    expect(gaveUpMessage('Cannot load /files/a.png: HTTP 404')).toBe(
      'Failed after 3 attempts: Cannot load /files/a.png: HTTP 404',
    );
    const long = gaveUpMessage(`Cannot load data:image/png;base64,${'A'.repeat(5000)}`);
    expect(long).toHaveLength(BULK_REASON_MAX_LENGTH);
    expect(long.startsWith('Failed after 3 attempts: Cannot load data:image/png')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });
});
