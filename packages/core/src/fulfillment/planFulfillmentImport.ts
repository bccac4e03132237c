import { z } from 'zod';
import type { ShippingRate } from '../catalog/ShippingProfile.js';
import { checkAddress, type ShippingAddress } from '../checkout/address.js';
import { checkoutTotals, NoShippingError } from '../checkout/totals.js';
import { MARKETPLACES } from '../enums/catalog.js';
import { parseCsv } from '../text/csv.js';
import {
  FULFILLMENT_CSV_COLUMNS,
  FULFILLMENT_IMPORT_MAX_ROWS,
  FULFILLMENT_MAX_QUANTITY,
  FULFILLMENT_MESSAGES,
  type FulfillmentCsvColumn,
  NOT_IMPORTED_PREFIX,
  OPTIONAL_FULFILLMENT_COLUMNS,
} from './constants.js';
import { parseSku, type Sku } from './sku.js';

/** Currency of fulfillment orders: the catalogue's base costs and shipping rates are in it. */
export const FULFILLMENT_CURRENCY = 'USD';

/** A problem with one row of the file; `row` is its line in a spreadsheet (the header is 1). */
export interface RowError {
  row: number;
  message: string;
}

/** The campaign product variant a SKU names, as the seller's catalogue has it. */
export interface FulfillmentVariant {
  campaign_id: number;
  product_id: number;
  template_id: number;
  name: string;
  /** The colour and size as the catalogue writes them. */
  color: string;
  size: string;
  /** Minor units. */
  base_cost: number;
  shipping: readonly ShippingRate[];
}

/** Looks a SKU up among the seller's products: its variant, or why there is none. */
export type FulfillmentCatalog = (sku: Sku) => FulfillmentVariant | { error: string };

export interface PlannedFulfillmentLine extends FulfillmentVariant {
  sku: string;
  quantity: number;
}

/**
 * Where a fulfillment order comes from: a marketplace of the CSV import (spec §3) or a connected
 * shop (WooCommerce; TikTok Shop is the `tiktok` marketplace).
 */
export const FULFILLMENT_SOURCES = [...MARKETPLACES, 'woocommerce'] as const;
export type FulfillmentSource = (typeof FULFILLMENT_SOURCES)[number];

/** One order to create: every row of the file with its marketplace and external order id. */
export interface PlannedFulfillmentOrder {
  marketplace: FulfillmentSource;
  external_order_id: string;
  email: string;
  address: ShippingAddress;
  /** The address failed the checkout's check: the order waits on Invalid Address. */
  address_invalid: boolean;
  lines: PlannedFulfillmentLine[];
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  /** The file rows it came from. */
  rows: number[];
}

const text = (max: number) => z.string().trim().max(max);

const marketplaceOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `Marketplace must be one of ${values.join(', ')}` }));

/** One data row, its fields as text (a CSV knows no other type); module-private (it transforms). */
const FulfillmentCsvRow = z.object({
  marketplace: marketplaceOf(FULFILLMENT_SOURCES),
  external_order_id: text(100).min(1, 'External order id is required'),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'Email is not a valid address' }).max(254)),
  name: text(120).min(1, 'Name is required'),
  line1: text(200).min(1, 'Address line 1 is required'),
  line2: text(200),
  city: text(120).min(1, 'City is required'),
  state: text(80),
  postcode: text(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a 2-letter ISO code')
    .toUpperCase(),
  sku: z.string().trim().min(1, 'SKU is required'),
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Quantity must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'Quantity must be at least 1')
        .max(FULFILLMENT_MAX_QUANTITY, `Quantity must be at most ${FULFILLMENT_MAX_QUANTITY}`),
    ),
});
export type FulfillmentCsvRow = z.output<typeof FulfillmentCsvRow>;
/** A file names only the marketplaces of spec §3; connected shops use the wider list. */
const FileCsvRow = FulfillmentCsvRow.extend({ marketplace: marketplaceOf(MARKETPLACES) });

/** One order line as text fields, the columns of the CSV (a connected shop's order line). */
export type FulfillmentRecord = Record<FulfillmentCsvColumn, string>;

/** The template file: the header and one example row. */
export function fulfillmentTemplateCsv(example: { sku: string }): string[][] {
  return [
    [...FULFILLMENT_CSV_COLUMNS],
    [
      'etsy',
      '3141592653',
      'buyer@example.com',
      'Jane Doe',
      '1 Main St',
      'Apt 2',
      'Springfield',
      'IL',
      '62701',
      'US',
      example.sku,
      '1',
    ],
  ];
}

type ReadRows = {
  rows: { row: number; fields: FulfillmentCsvRow }[];
  /** `key`: the order a refused row belongs to, when its marketplace and id could be read. */
  errors: (RowError & { key?: string })[];
};

const keyOf = (fields: { marketplace: string; external_order_id: string }) =>
  `${fields.marketplace.trim().toLowerCase()}\u0000${fields.external_order_id.trim()}`;

/**
 * Reads the file: the header names the columns (any order and case; `line2` and `state` may be
 * missing), every row is checked on its own. A file-wide problem (no header, a missing column,
 * too many rows) is reported on row 1 and nothing else is read.
 */
export function readFulfillmentCsv(csv: string): ReadRows {
  const [header, ...data] = parseCsv(csv);
  if (!header || data.length === 0)
    return { rows: [], errors: [{ row: 1, message: FULFILLMENT_MESSAGES.empty }] };
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = FULFILLMENT_CSV_COLUMNS.filter(
    (column) => !names.includes(column) && !OPTIONAL_FULFILLMENT_COLUMNS.includes(column),
  );
  if (missing.length > 0) {
    return {
      rows: [],
      errors: [
        {
          row: 1,
          message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
        },
      ],
    };
  }
  if (data.length > FULFILLMENT_IMPORT_MAX_ROWS) {
    return { rows: [], errors: [{ row: 1, message: FULFILLMENT_MESSAGES.tooManyRows }] };
  }
  const index = new Map(names.map((name, i) => [name, i]));
  return checkRecords(
    data.map((cells, i) => {
      const raw = {} as FulfillmentRecord;
      for (const column of FULFILLMENT_CSV_COLUMNS) {
        const at = index.get(column);
        raw[column] = at === undefined ? '' : (cells[at] ?? '');
      }
      return { row: i + 2, raw };
    }),
    FileCsvRow,
  );
}

/** Checks each record on its own; `row` numbers them in the caller's terms. */
function checkRecords(
  records: readonly { row: number; raw: FulfillmentRecord }[],
  schema: z.ZodType<FulfillmentCsvRow>,
): ReadRows {
  const rows: ReadRows['rows'] = [];
  const errors: ReadRows['errors'] = [];
  for (const { row, raw } of records) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      rows.push({ row, fields: parsed.data });
      continue;
    }
    const message = parsed.error.issues.map((issue) => issue.message).join('; ');
    const known = raw.marketplace.trim() && raw.external_order_id.trim();
    errors.push({
      row,
      message,
      ...(known ? { key: keyOf(raw) } : {}),
    });
  }
  return { rows, errors };
}

const sameAddress = (a: FulfillmentCsvRow, b: FulfillmentCsvRow) =>
  a.email.toLowerCase() === b.email.toLowerCase() &&
  (['name', 'line1', 'line2', 'city', 'state', 'postcode', 'country'] as const).every(
    (field) => a[field] === b[field],
  );

/**
 * Plans an import: rows with the same marketplace and external order id are the lines of one
 * order and must share the buyer and address; each SKU must name a variant of one of the
 * seller's products. An order with any bad row is not created at all, and its good rows say so:
 * nothing is half-imported. Totals are the base costs and the shipping of the checkout's rules,
 * in {@link FULFILLMENT_CURRENCY}. Errors come back in row order.
 */
export function planFulfillmentImport(
  csv: string,
  catalog: FulfillmentCatalog,
): { orders: PlannedFulfillmentOrder[]; errors: RowError[] } {
  return planRows(readFulfillmentCsv(csv), catalog);
}

/**
 * Plans the orders of a connected shop with the rules of the file import: one record per order
 * line, numbered by `row`, grouped by marketplace and external order id.
 */
export function planFulfillmentRecords(
  records: readonly { row: number; raw: FulfillmentRecord }[],
  catalog: FulfillmentCatalog,
): { orders: PlannedFulfillmentOrder[]; errors: RowError[] } {
  return planRows(checkRecords(records, FulfillmentCsvRow), catalog);
}

function planRows(
  read: ReadRows,
  catalog: FulfillmentCatalog,
): { orders: PlannedFulfillmentOrder[]; errors: RowError[] } {
  const errors: RowError[] = read.errors.map(({ row, message }) => ({ row, message }));
  const groups = new Map<string, { row: number; fields: FulfillmentCsvRow }[]>();
  // Orders with a row refused while reading: their other rows are not imported either.
  const refused = new Map<string, number[]>();
  for (const error of read.errors) {
    if (error.key) refused.set(error.key, [...(refused.get(error.key) ?? []), error.row]);
  }
  for (const entry of read.rows) {
    const key = keyOf(entry.fields);
    const group = groups.get(key) ?? [];
    group.push(entry);
    groups.set(key, group);
  }
  const orders: PlannedFulfillmentOrder[] = [];
  for (const [key, group] of groups) {
    const first = group[0];
    if (!first) continue;
    const groupErrors: RowError[] = [];
    const lines: PlannedFulfillmentLine[] = [];
    for (const { row, fields } of group) {
      if (!sameAddress(fields, first.fields)) {
        groupErrors.push({
          row,
          message: `Order ${fields.external_order_id} has another buyer or address on row ${first.row}`,
        });
        continue;
      }
      const sku = parseSku(fields.sku);
      if (!sku) {
        groupErrors.push({
          row,
          message: `SKU "${fields.sku}" is not shaped P{product}-{colour}-{size}`,
        });
        continue;
      }
      const variant = catalog(sku);
      if ('error' in variant) {
        groupErrors.push({ row, message: variant.error });
        continue;
      }
      lines.push({ ...variant, sku: fields.sku, quantity: fields.quantity });
    }
    const { address, problems } = checkAddress({
      name: first.fields.name,
      line1: first.fields.line1,
      ...(first.fields.line2 ? { line2: first.fields.line2 } : {}),
      city: first.fields.city,
      ...(first.fields.state ? { state: first.fields.state } : {}),
      postcode: first.fields.postcode,
      country: first.fields.country,
    });
    let totals: { subtotal: number; shipping: number; total: number } | null = null;
    if (groupErrors.length === 0 && !refused.has(key)) {
      try {
        totals = checkoutTotals({
          lines: lines.map((line) => ({
            key: String(line.template_id),
            unit_price: line.base_cost,
            quantity: line.quantity,
            shipping: line.shipping,
          })),
          country: address.country,
          tip: 'none',
          fees: { processing_fee: 0, processing_fee_min: 0 },
          coupon: { kind: 'none' },
          currency: FULFILLMENT_CURRENCY,
        });
      } catch (error) {
        if (!(error instanceof NoShippingError)) throw error;
        for (const { row } of group) {
          groupErrors.push({ row, message: `${error.message} (${address.country})` });
        }
      }
    }
    const refusedRows = refused.get(key) ?? [];
    if (groupErrors.length > 0 || refusedRows.length > 0 || !totals) {
      const bad = new Set([...refusedRows, ...groupErrors.map((e) => e.row)]);
      errors.push(...groupErrors);
      for (const { row } of group) {
        if (!bad.has(row)) {
          errors.push({
            row,
            message: `${NOT_IMPORTED_PREFIX} order ${first.fields.external_order_id} has errors on row ${[...bad].sort((a, b) => a - b).join(', ')}`,
          });
        }
      }
      continue;
    }
    orders.push({
      marketplace: first.fields.marketplace,
      external_order_id: first.fields.external_order_id,
      email: first.fields.email.toLowerCase(),
      address,
      address_invalid: problems.length > 0,
      lines,
      currency: FULFILLMENT_CURRENCY,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      total: totals.subtotal + totals.shipping,
      rows: group.map((entry) => entry.row),
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { orders, errors };
}
