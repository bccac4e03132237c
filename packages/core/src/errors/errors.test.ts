import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/ApiError.js';
import { errorMessage, normalizeError } from './index.js';

const httpError = (status: number, data: unknown) =>
  Object.assign(new Error(`Request failed with status code ${status}`), {
    response: { status, data },
  });

describe('errorMessage (spec §8)', () => {
  it('takes the first message of data.errors', () => {
    const error = httpError(422, {
      message: 'The given data was invalid.',
      errors: { phone: ['The phone has already been taken.', 'Other'], facebook: ['Bad'] },
    });
    expect(errorMessage(error)).toBe('The phone has already been taken.');
    expect(errorMessage(httpError(422, { errors: ['First', 'Second'] }))).toBe('First');
    expect(errorMessage(httpError(422, { errors: [{ message: 'From a list' }] }))).toBe(
      'From a list',
    );
  });

  it('falls back to data.message, then the plain error message', () => {
    expect(errorMessage(httpError(400, { message: 'Campaign not found' }))).toBe(
      'Campaign not found',
    );
    expect(errorMessage(httpError(400, { errors: {}, message: 'Only message' }))).toBe(
      'Only message',
    );
    expect(errorMessage(httpError(500, {}))).toBe('Request failed with status code 500');
    expect(errorMessage(new Error('Network Error'))).toBe('Network Error');
  });

  it('reads an ApiError and a bare data body the same way', () => {
    expect(errorMessage(new ApiError('Invalid', 422, { email: ['Email is taken'] }))).toBe(
      'Email is taken',
    );
    expect(errorMessage({ data: { message: 'Sender not found' } })).toBe('Sender not found');
    expect(errorMessage('Upload file failed')).toBe('Upload file failed');
  });

  it('never returns an empty message', () => {
    expect(errorMessage(undefined)).toBe('An error occurred, please try again.');
    expect(errorMessage(new Error(''))).toBe('An error occurred, please try again.');
  });
});

describe('normalizeError (spec §8)', () => {
  it('takes statusCode, then status, then response.status, else 500', () => {
    expect(normalizeError({ statusCode: 404, status: 400, message: 'x' }).statusCode).toBe(404);
    expect(normalizeError({ status: 403, message: 'x' }).statusCode).toBe(403);
    expect(normalizeError(httpError(429, { message: 'Slow down' })).statusCode).toBe(429);
    expect(normalizeError(new Error('boom')).statusCode).toBe(500);
    expect(normalizeError('boom').statusCode).toBe(500);
  });

  it('is an ApiError with the §8 message and the field errors', () => {
    const normalized = normalizeError(
      httpError(422, { message: 'Invalid', errors: { phone: ['Phone is invalid'] } }),
    );
    expect(normalized).toBeInstanceOf(ApiError);
    expect(normalized.message).toBe('Phone is invalid');
    expect(normalized.errors).toEqual({ phone: ['Phone is invalid'] });
  });

  it('returns an ApiError unchanged', () => {
    const error = new ApiError('Campaign not found', 404);
    expect(normalizeError(error)).toBe(error);
  });
});
