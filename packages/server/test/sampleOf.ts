import { z } from 'zod';

type Json = Record<string, unknown>;

/** Strings tried for a `pattern`, in order: the first the pattern accepts is used. */
const PATTERN_CANDIDATES = [
  'a',
  'US',
  'abc',
  'a-b',
  '1',
  '1,2',
  '123456',
  '2026-11-01',
  'a.png',
  'A1',
  'https://example.test/a',
];

let requiredOnly = false;

function sampleOfJson(schema: Json, root: Json): unknown {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return sampleOfJson(((root.$defs ?? {}) as Record<string, Json>)[name] ?? {}, root);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (choices)
    return sampleOfJson(choices.find((c) => c.type !== 'null') ?? choices[0] ?? {}, root);
  if (Array.isArray(schema.allOf)) return sampleOfJson((schema.allOf[0] ?? {}) as Json, root);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      const required = new Set((schema.required ?? []) as string[]);
      for (const [key, value] of Object.entries(
        (schema.properties ?? {}) as Record<string, Json>,
      )) {
        if (!required.has(key) && requiredOnly) continue;
        // An address checked after trimming has no format in its input schema.
        out[key] = key === 'email' ? 'sample@example.test' : sampleOfJson(value, root);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => sampleOfJson((schema.items ?? {}) as Json, root));
    }
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'sample@example.test';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/a.png';
      if (schema.format === 'date-time') return '2026-11-01T00:00:00.000Z';
      const min = Number(schema.minLength ?? 1);
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern);
        const found = PATTERN_CANDIDATES.find((c) => pattern.test(c) && c.length >= min);
        if (found) return found;
      }
      return 'sample-text'.padEnd(min, 'x');
    }
    default:
      return {};
  }
}

/**
 * A value a zod schema probably accepts, built from its JSON Schema (input side): required and
 * optional fields filled, enums and formats respected. Callers check it with the schema itself.
 */
export function sampleOf(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  // Every field first (more to vary); only the required ones when a rule refuses that.
  requiredOnly = false;
  const full = sampleOfJson(json, json);
  if (schema.safeParse(full).success) return full;
  requiredOnly = true;
  return sampleOfJson(json, json);
}

/** Every path (dotted) to a string or number in a value. */
export function leavesOf(
  value: unknown,
  path: Array<string | number> = [],
): Array<{ path: Array<string | number>; value: string | number }> {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head as string | number] = withLeaf(copy[head as string | number], rest, leaf);
  return copy;
}
