import { ApiError, type FieldErrors, fieldErrorsOf } from '@printloom/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  invalid: 'The given data was invalid.',
  tooMany: 'Too many requests, please try again later.',
  serverError: 'Something went wrong, please try again.',
  csrf: 'Missing X-Requested-With header on a cookie-authenticated request.',
  nulText: 'Text may not contain the NUL character (U+0000).',
} as const;

/** Throwable HTTP failure; the core's ApiError carries status, message and field errors. */
export function httpError(statusCode: number, message: string, errors?: FieldErrors): ApiError {
  return new ApiError(message, statusCode, errors);
}
export const notFound = (message: string = MESSAGES.notFound) => httpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => httpError(403, message);
export const conflict = (message: string) => httpError(409, message);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  httpError(401, message);
export const unprocessable = (message: string, errors?: FieldErrors) =>
  httpError(422, message, errors);

function zodErrorOf(error: unknown): z.ZodError | undefined {
  if (error instanceof z.ZodError) return error;
  return undefined;
}

/**
 * Every failure leaves as `{ success: false, message, errors? }`. Validation failures are 400
 * with the first field message as `message` (what spec §8 shows); unexpected errors are 500
 * with a generic message and logged with the request id.
 */
export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const zodError = zodErrorOf(error);
  if (zodError) {
    const errors = fieldErrorsOf(zodError);
    const first = Object.values(errors)[0]?.[0] ?? MESSAGES.invalid;
    return reply.status(400).send({ success: false, message: first, errors });
  }
  if (error instanceof ApiError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(error.statusCode).send({
      success: false,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 429 ? MESSAGES.tooMany : status === 404 ? MESSAGES.notFound : error.message;
    return reply.status(status).send({ success: false, message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ success: false, message: MESSAGES.serverError });
}
