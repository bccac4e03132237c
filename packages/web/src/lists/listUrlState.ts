import type { z } from 'zod';

/** A list route's query schema from core (`API.campaigns.list.query`): an object of fields. */
export type ListQuerySchema = z.ZodObject;

/** The list's fields as the address holds them: text, one value per field. */
export type RawListState = Readonly<Record<string, string>>;

/**
 * The address fields the schema names, as written (empty ones left out). The page reads
 * filters' own controls from these, so a half-made choice (a custom range still missing its
 * end day) stays on screen while the query leaves it out.
 */
export function rawListState(schema: ListQuerySchema, params: URLSearchParams): RawListState {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  return raw;
}

/**
 * The list query an address stands for, parsed by the list route's own schema: exactly what
 * the API will accept. A field the schema refuses (a hand-edited address, an old bookmark,
 * an unfinished custom range) is left out, field by field in the schema's order, so the rest
 * of the address still applies and the page never fails on its own URL.
 */
export function parseListState<S extends ListQuerySchema>(
  schema: S,
  raw: RawListState,
): z.output<S> {
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data;
  let kept: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = raw[key];
    if (value === undefined) continue;
    const tried = { ...kept, [key]: value };
    if (schema.safeParse(tried).success) kept = tried;
  }
  return schema.parse(kept);
}

/** The schema's defaults, as text: what an address without the field means. */
function defaultsOf(schema: ListQuerySchema): Record<string, string> {
  const parsed = schema.parse({}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(parsed)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The address parameters of a state, leaving out empty fields and fields at their default. */
export function writeListState(
  schema: ListQuerySchema,
  raw: Readonly<Record<string, string | number | undefined>>,
): URLSearchParams {
  const defaults = defaultsOf(schema);
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = raw[key];
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text !== '' && text !== defaults[key]) params.set(key, text);
  }
  return params;
}

/**
 * A change of fields: any change but the page's goes back to page 1, as the page the seller
 * was on may not exist in the new result. `undefined` clears a field (its default applies).
 */
export function changeListState(
  raw: RawListState,
  change: Readonly<Record<string, string | number | undefined>>,
): Record<string, string | number | undefined> {
  const next: Record<string, string | number | undefined> = { ...raw, ...change };
  const pageOnly = Object.keys(change).every((key) => key === 'page');
  if (!pageOnly) delete next.page;
  return next;
}
