import { z } from 'zod';

/**
 * A string holding JSON that must match `schema` (the spec stores print spaces, product options
 * and design lists as JSON text). The value stays text, so it round-trips unchanged; errors of
 * the parsed content are reported under the field's path.
 */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z.string().superRefine((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Must be valid JSON text' });
      return;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    }
  });
}

export type JsonParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses JSON text with `schema`; never throws. */
export function parseJsonText<T extends z.ZodType>(
  schema: T,
  text: string | null | undefined,
): JsonParseResult<z.infer<T>> {
  if (text === null || text === undefined || text === '') {
    return { ok: false, message: 'Empty JSON text' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Must be valid JSON text' };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return { ok: false, message: `${where}${issue?.message ?? 'Invalid JSON content'}` };
  }
  return { ok: true, value: result.data };
}
