import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Colour } from '../color/Colour.js';
import { SellerSurvey } from '../survey/SellerSurvey.js';
import * as store from './index.js';

// The API documents requests and answers from these schemas: each must be writable as JSON Schema.
describe('rule schemas can be written as JSON Schema', () => {
  const exports: Record<string, unknown> = { ...store, Colour, SellerSurvey };
  const schemas = Object.entries(exports).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );

  it.each(schemas)('%s', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
