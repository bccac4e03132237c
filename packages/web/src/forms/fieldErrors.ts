import { ApiError } from '@printloom/core';

/**
 * Splits a failed call into what belongs next to a field of the form (the server's 4xx field
 * errors, first message each) and what belongs above it: the call's message when no field of
 * the form explains it.
 */
export function splitFormError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { form: unknown; fields: Partial<Record<Field, string>> } {
  const byField: Partial<Record<Field, string>> = {};
  if (error instanceof ApiError && error.errors) {
    for (const field of fields) {
      const first = error.errors[field]?.[0];
      if (first) byField[field] = first;
    }
  }
  return { form: Object.keys(byField).length > 0 ? null : error, fields: byField };
}
