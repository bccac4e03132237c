import type { FastifyRequest } from 'fastify';
import { httpError, MESSAGES } from './errors.js';

const MAX_DEPTH = 32;

/**
 * Where the first NUL character (U+0000) of a request part is, as the field path of the error
 * answer; null when there is none. Keys count too: a record's keys are stored as well.
 */
export function nulTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (depth > MAX_DEPTH || !value || typeof value !== 'object' || Buffer.isBuffer(value)) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulTextPath(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL, so a string carrying one would fail in the database (500).
 * Refused before validation, on every route, with the field it was found in (400).
 */
export async function refuseNulText(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = nulTextPath(part);
    if (path) throw httpError(400, MESSAGES.nulText, { [path]: [MESSAGES.nulText] });
  }
}
