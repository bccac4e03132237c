import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldPath, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { splitFormError } from './fieldErrors.js';

/** A form whose fields are the keys of a core zod object schema. */
export type SchemaForm<S extends z.ZodObject> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * A react-hook-form form checked by a core zod schema (the same schema the route table gives
 * the server), so a field error shows next to its field before any call. When the call fails,
 * the server's field errors (4xx `errors`) land on the fields of the same name and are cleared
 * as the user corrects the field; what no field explains comes back as `formError`, for the
 * message above the form.
 */
export function useApiForm<S extends z.ZodObject>({
  schema,
  defaultValues,
  serverError,
}: {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  serverError: unknown;
}): { form: SchemaForm<S>; formError: unknown } {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const split = splitFormError(serverError, Object.keys(schema.shape));
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one placement per failed call; split is derived from it
  useEffect(() => {
    for (const [field, message] of Object.entries(split.fields)) {
      if (message) setError(field as FieldPath<z.input<S>>, { type: 'server', message });
    }
  }, [serverError, setError]);
  return { form, formError: split.form };
}

/** The message to show under a field: the schema's or the server's, whichever is current. */
export function fieldError<S extends z.ZodObject>(
  form: SchemaForm<S>,
  field: FieldPath<z.input<S>>,
): string | undefined {
  const error = form.getFieldState(field, form.formState).error;
  return error?.message;
}
