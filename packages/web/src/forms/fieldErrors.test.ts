import { ApiError } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { splitFormError } from './fieldErrors.js';

describe('auth form errors next to their field', () => {
  it("puts the server's field messages on the form's fields, and nothing above the form", () => {
    const error = new ApiError('The email has already been taken.', 422, {
      email: ['The email has already been taken.', 'second message'],
    });
    const split = splitFormError(error, ['name', 'email', 'password'] as const);
    expect(split.fields).toEqual({ email: 'The email has already been taken.' });
    expect(split.form).toBeNull();
  });

  it('keeps a message no field of the form explains above the form', () => {
    const wrongPassword = new ApiError('These credentials do not match our records.', 401);
    expect(splitFormError(wrongPassword, ['email', 'password'] as const)).toEqual({
      form: wrongPassword,
      fields: {},
    });
    const badToken = new ApiError('The reset link is invalid or has expired.', 422, {
      token: ['The reset link is invalid or has expired.'],
    });
    expect(splitFormError(badToken, ['password'] as const).form).toBe(badToken);
    expect(splitFormError(null, ['email'] as const)).toEqual({ form: null, fields: {} });
  });
});
