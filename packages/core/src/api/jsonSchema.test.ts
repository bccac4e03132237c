import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as account from '../account/index.js';
import * as bulk from '../bulk/index.js';
import * as campaign from '../campaign/index.js';
import * as catalog from '../catalog/index.js';
import * as client from '../client/index.js';
import * as enums from '../enums/index.js';
import * as featured from '../featured/index.js';
import * as locale from '../locale/index.js';
import * as notification from '../notification/index.js';
import * as api from './index.js';

const modules = {
  account,
  api,
  bulk,
  campaign,
  catalog,
  client,
  enums,
  featured,
  locale,
  notification,
};

// The server documents every route at /api/docs from these schemas, requests as input and
// answers as output: a schema that cannot be written as JSON Schema would break that page.
describe('every schema can be written as JSON Schema', () => {
  const schemas = Object.entries(modules).flatMap(([folder, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${folder}/${name}`, schema] as const),
  );

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(80);
  });

  it.each(schemas)('%s', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});

// The server answers a request that fails its schema with 400 and field errors; a schema that
// threw on odd input would turn into a 500 instead.
describe('every schema refuses odd input without throwing', () => {
  const odd: unknown[] = [
    undefined,
    null,
    0,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'x'.repeat(10_000),
    '{"__proto__":{"polluted":true}}',
    '[',
    true,
    [],
    [null, 1, 'a'],
    {},
    JSON.parse('{"__proto__":{"polluted":true},"id":"1"}'),
    { id: -5, designs: '[{"new_url":1}]', print_spaces: '{"a":', options: 'x', data: [] },
    { success: true },
    Object.create(null),
  ];
  const schemas = Object.entries(modules).flatMap(([folder, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${folder}/${name}`, schema] as const),
  );

  it.each(schemas)('%s', (_name, schema) => {
    for (const value of odd) {
      const result = schema.safeParse(value);
      if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
