import type { FieldErrors } from './envelope.js';

/**
 * The one error the API client raises (spec §8): the user-facing message, the HTTP status
 * and, for a rejected request, the messages of each field.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;

  constructor(message: string, statusCode = 500, errors?: FieldErrors) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}
