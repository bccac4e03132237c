/** Columns of the fulfillment import CSV, in the template's order (issue 13 Fulfill Orders). */
export const FULFILLMENT_CSV_COLUMNS = [
  'marketplace',
  'external_order_id',
  'email',
  'name',
  'line1',
  'line2',
  'city',
  'state',
  'postcode',
  'country',
  'sku',
  'quantity',
] as const;
export type FulfillmentCsvColumn = (typeof FULFILLMENT_CSV_COLUMNS)[number];

/** Columns a file may leave out (their values are then empty). */
export const OPTIONAL_FULFILLMENT_COLUMNS: readonly FulfillmentCsvColumn[] = ['line2', 'state'];

/** Most data rows one import takes; a bigger file is refused whole. */
export const FULFILLMENT_IMPORT_MAX_ROWS = 5000;
/** Largest import file accepted, in bytes. */
export const FULFILLMENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most units of one line, as at the checkout. */
export const FULFILLMENT_MAX_QUANTITY = 99;

/** Starts the message of a good row whose order has a bad row elsewhere. */
export const NOT_IMPORTED_PREFIX = 'Not imported:';

export const FULFILLMENT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  empty: 'The file has no rows to import',
  tooManyRows: `A file may hold at most ${FULFILLMENT_IMPORT_MAX_ROWS} rows`,
  payNotFound: 'Some of these orders are not your unpaid fulfillment orders',
  payNotCovered: (charge: string, available: string) =>
    `These orders cost ${charge}; your available balance is ${available}. Top up or choose fewer orders.`,
  paid: (count: number) => (count === 1 ? '1 order paid' : `${count} orders paid`),
  imported: (created: number) =>
    created === 1 ? '1 order imported' : `${created} orders imported`,
} as const;
