import { z } from 'zod';

/**
 * Field errors of a failed request: a field name (dotted path for nested fields) mapped to its
 * messages, first message first (spec §8 shows the first one).
 */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/** Extra flags beside `data`, e.g. switch-account's `fta_diff` (spec §7). */
export const CustomPayload = z.record(z.string(), z.unknown());
export type CustomPayload = z.infer<typeof CustomPayload>;

/** `{ success: true, data, message? }` around a given data schema. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
    customPayload: CustomPayload.optional(),
  });
}

/** `{ success: false, message, errors? }`: every failed answer of the API. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: FieldErrors.optional(),
  customPayload: CustomPayload.optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Either envelope, told apart by `success`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelope(data), ErrorEnvelope]);
}

export type SuccessEnvelope<T> = {
  success: true;
  data: T;
  message?: string | undefined;
  customPayload?: CustomPayload | undefined;
};
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** Flattens zod issues into the `errors` map of the error envelope. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? '_' : issue.path.map(String).join('.');
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}
