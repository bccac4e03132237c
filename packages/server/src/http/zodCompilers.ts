import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

function isZod(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/**
 * Validates request parts with their zod schema. The ZodError goes to the error handler, which
 * turns it into a 400 with field errors.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isZod(schema)) return (data: unknown) => ({ value: data });
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/** An answer that does not fit its schema is a server bug: refuse to send it. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('The server built an answer that does not match its schema');
  }
}

export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isZod(schema)) return (data: unknown) => JSON.stringify(data);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseShapeError(result.error.issues);
    return JSON.stringify(result.data);
  };
};
