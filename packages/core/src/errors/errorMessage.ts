import { GENERIC_ERROR_MESSAGE } from './constants.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The first message of an `errors` value. Servers send it as a field map (`{ phone: ['…'] }`),
 * a list of messages, or a list of `{ message }`: each gives its first message.
 */
export function firstErrorMessage(errors: unknown): string | undefined {
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      const found =
        text(entry) ?? (isRecord(entry) ? firstErrorMessage(entry.message ?? entry) : undefined);
      if (found) return found;
    }
    return undefined;
  }
  if (isRecord(errors)) {
    for (const value of Object.values(errors)) {
      const found = text(value) ?? firstErrorMessage(value);
      if (found) return found;
    }
    return undefined;
  }
  return text(errors);
}

/** The answer body an error carries: `response.data` (HTTP client errors) or `data`. */
export function errorData(error: unknown): Record<string, unknown> | undefined {
  if (!isRecord(error)) return undefined;
  const response = error.response;
  if (isRecord(response) && isRecord(response.data)) return response.data;
  if (isRecord(error.data)) return error.data;
  return undefined;
}

/**
 * The message to show for an error (spec §8): the first message of `data.errors`, else
 * `data.message`, else the error's own message. An `ApiError` (or any error with its own
 * `errors` map) is read the same way. A bare string is its own message; anything without a
 * message gives 'An error occurred, please try again.'.
 */
export function errorMessage(error: unknown): string {
  const direct = text(error);
  if (direct) return direct;
  const data = errorData(error);
  if (data) {
    const found = firstErrorMessage(data.errors) ?? text(data.message);
    if (found) return found;
  }
  if (isRecord(error)) {
    const found = firstErrorMessage(error.errors) ?? text(error.message);
    if (found) return found;
  }
  return GENERIC_ERROR_MESSAGE;
}
