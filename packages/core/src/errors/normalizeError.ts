import { ApiError } from '../api/ApiError.js';
import type { FieldErrors } from '../api/envelope.js';
import { DEFAULT_ERROR_STATUS } from './constants.js';
import { errorData, errorMessage } from './errorMessage.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function status(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 100 && number <= 599
    ? number
    : undefined;
}

/** Field errors in the `{ field: [messages] }` shape, when the error has them in that shape. */
function fieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value) || Array.isArray(value)) return undefined;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string') errors[field] = [messages];
    else if (Array.isArray(messages) && messages.every((m) => typeof m === 'string')) {
      errors[field] = messages as string[];
    } else return undefined;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * Any thrown value as the one error type (spec §8): `statusCode` from `statusCode`, `status`,
 * `response.status`, else 500; the message by {@link errorMessage}; field errors kept when the
 * answer has them. An ApiError comes back as it is.
 */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const record = isRecord(error) ? error : {};
  const response = isRecord(record.response) ? record.response : {};
  const statusCode =
    status(record.statusCode) ??
    status(record.status) ??
    status(response.status) ??
    DEFAULT_ERROR_STATUS;
  const errors = fieldErrors(errorData(error)?.errors) ?? fieldErrors(record.errors);
  const normalized = new ApiError(errorMessage(error), statusCode, errors);
  if (error instanceof Error) normalized.cause = error;
  return normalized;
}
