import { BULK_MESSAGES } from './constants.js';

/**
 * Messages a multi-space bulk row is marked invalid with (spec §5). They live beside the rule
 * rather than in bulk/constants.ts because the row validator owns them; the worker sends them
 * to `mark-row-invalid` unchanged.
 */
export const PRINT_SPACE_IS_MISSING = 'PRINT_SPACE_IS_MISSING';
export const MULTI_SPACE_ROW_MESSAGES = {
  designsInvalid: 'Designs is invalid',
  emptyDesigns: 'Empty valid design',
  designUrlInvalid: 'Design url is invalid',
  designInvalid: 'Design is invalid',
  printSpaceInvalid: 'Print space is invalid',
  printSpaceMissing: PRINT_SPACE_IS_MISSING,
  invalidDesign: 'Invalid design',
  campaignNotFound: BULK_MESSAGES.campaignNotFound,
} as const;
export type MultiSpaceRowMessage =
  (typeof MULTI_SPACE_ROW_MESSAGES)[keyof typeof MULTI_SPACE_ROW_MESSAGES];

/**
 * What each message means, in words a seller reads without knowing the codes: the bulk lists
 * show these beside a stored message. A failed check also gives a `reason` naming the product,
 * print space or design at fault (see MULTI_SPACE_ROW_REASONS).
 */
export const MULTI_SPACE_ROW_MESSAGE_TEXTS: Readonly<Record<MultiSpaceRowMessage, string>> = {
  [MULTI_SPACE_ROW_MESSAGES.designsInvalid]: "The row's designs cannot be read as a list",
  [MULTI_SPACE_ROW_MESSAGES.emptyDesigns]: 'The row has no artwork',
  [MULTI_SPACE_ROW_MESSAGES.designUrlInvalid]: 'An artwork has no usable file or address',
  [MULTI_SPACE_ROW_MESSAGES.designInvalid]:
    'The artworks do not say which print space each goes on',
  [MULTI_SPACE_ROW_MESSAGES.printSpaceInvalid]:
    'A product of the template campaign has no readable print spaces',
  [MULTI_SPACE_ROW_MESSAGES.printSpaceMissing]:
    'A print space of the row is missing on the template campaign',
  [MULTI_SPACE_ROW_MESSAGES.invalidDesign]: 'No design or mockup image would result',
  [MULTI_SPACE_ROW_MESSAGES.campaignNotFound]: 'The template campaign was not found',
};

/** How a product is named in a reason: its name (e.g. 'Ceramic Mug 11oz (3D)'), else its id. */
export function productLabel(product: { id: number; name?: string | null | undefined }): string {
  return product.name?.trim() || `Product ${product.id}`;
}

const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');

/** The specific reason of each refusal, naming what is at fault. */
export const MULTI_SPACE_ROW_REASONS = {
  designsInvalid: () => "The row's designs cannot be read as a list of artworks",
  emptyDesigns: () => 'The row has no artwork',
  designNotAnEntry: (n: number) => `Design ${n} is not an artwork entry`,
  designUrlMissing: (n: number) => `Design ${n} has no file or address`,
  printSpaceNotNamed: (n: number) =>
    `Design ${n} has no print space: with several artworks each names its print space`,
  printSpaceTwice: (space: string) => `Two artworks are for print space '${space}'`,
  campaignNotFound: () => 'The template campaign was not found',
  noProducts: () => 'The template campaign has no products',
  printSpacesUnreadable: (product: string) => `${product} has no readable print spaces`,
  productLacksSpaces: (product: string, spaces: readonly string[]) =>
    spaces.length === 1
      ? `${product} has no print space ${quoted(spaces)}`
      : `${product} has none of the print spaces ${quoted(spaces)}`,
  noProductHasSpace: (space: string) =>
    `No product of the template campaign has print space '${space}'`,
  noMockup: () => "The template campaign's products have no mockup for the row's print spaces",
} as const;

/** What the validator reads of a template product: its print spaces and mockups. */
export interface MultiSpaceRowProduct {
  id: number;
  /** Shown in reasons ('Ceramic Mug 11oz (3D) has no print space …'). */
  name?: string | null | undefined;
  template_id?: number | undefined;
  /** JSON text of `[{ name, width, height, isMain? }]`, or the parsed list. */
  print_spaces: string | readonly unknown[] | null | undefined;
  template_mockups?: readonly { id: number; print_space: string }[] | null | undefined;
}

/**
 * What the validator reads of a pending multi-space row (spec §3): `designs` is JSON text of
 * `[{ new_url, print_space? }]` (a parsed list is read too) and the template campaign carries
 * its products. A claimed `PendingBulkRecord` fits this shape.
 */
export interface MultiSpaceRowInput {
  designs: string | readonly unknown[] | null | undefined;
  template_campaign?: { products: readonly MultiSpaceRowProduct[] } | null | undefined;
}

/** One artwork to draw on one product's print space. */
export interface PlannedDesign {
  product_id: number;
  template_id: number | undefined;
  print_space: string;
  new_url: string;
}

/** One mockup image to render for a product's print space. */
export interface PlannedMockup {
  product_id: number;
  mockup_id: number;
  print_space: string;
}

export type MultiSpaceRowResult =
  | { ok: true; designs: PlannedDesign[]; mockups: PlannedMockup[] }
  | { ok: false; message: MultiSpaceRowMessage; reason: string };

interface RowDesign {
  new_url: string;
  print_space: string | undefined;
}

interface PrintSpaceEntry {
  name: string;
  isMain: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function parseList(value: string | readonly unknown[] | null | undefined): unknown[] | undefined {
  if (Array.isArray(value)) return [...value];
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A product's print spaces, or undefined when they cannot be read or there are none. */
function printSpacesOf(product: MultiSpaceRowProduct): PrintSpaceEntry[] | undefined {
  const list = parseList(product.print_spaces);
  if (!list) return undefined;
  const spaces: PrintSpaceEntry[] = [];
  for (const entry of list) {
    const name = isRecord(entry) ? nonBlank(entry.name) : undefined;
    if (name) spaces.push({ name, isMain: isRecord(entry) && entry.isMain === true });
  }
  return spaces.length > 0 ? spaces : undefined;
}

/**
 * The size of print space `name` of a template product, for drawing its artwork; throws
 * 'Missing print spaces: {name}' when the print spaces cannot be read or that one has no
 * numeric width and height.
 */
export function printSpaceSize(
  product: Pick<MultiSpaceRowProduct, 'print_spaces'>,
  name: string,
): { width: number; height: number } {
  for (const entry of parseList(product.print_spaces) ?? []) {
    const space = isRecord(entry) ? entry : {};
    if (
      space.name === name &&
      typeof space.width === 'number' &&
      typeof space.height === 'number'
    ) {
      return { width: space.width, height: space.height };
    }
  }
  throw new Error(`Missing print spaces: ${name}`);
}

/**
 * The print space a lone design without print_space goes on: the one marked `isMain`, else
 * the first listed. Templates list the front (the print space a seller designs first) first,
 * and older products carry no `isMain` flag at all, so the first entry is the main one there.
 */
export function mainPrintSpace(
  printSpaces: readonly { name: string; isMain?: boolean | undefined }[],
): string | undefined {
  return (printSpaces.find((space) => space.isMain === true) ?? printSpaces[0])?.name;
}

/**
 * Checks a multi-space bulk row and plans its work (spec §5), or gives the message to mark it
 * invalid with. Checks, in order:
 *
 * 1. `designs` must read as an array ('Designs is invalid') holding at least one design
 *    ('Empty valid design').
 * 2. Each design is an object ('Design is invalid') with a new_url ('Design url is invalid').
 * 3. With more than one design every design names its print space, and no print space twice
 *    (two artworks for one space cannot both be drawn): else 'Design is invalid'. A lone
 *    design without one goes on each product's main print space (see mainPrintSpace).
 * 4. Each product's print spaces must be readable and non-empty, else no space can be chosen:
 *    'Print space is invalid'.
 * 5. A design's print space must exist on the products: a print space no product has, or a
 *    product that has none of the row's print spaces (every product needs at least one
 *    design), gives PRINT_SPACE_IS_MISSING. A product simply lacking one of several spaces
 *    (a mug without 'back') skips that design.
 * 6. At least one design and one mockup image must result: 'Invalid design'.
 *
 * A row whose template campaign is missing gives 'Campaign not found'.
 *
 * A refusal carries the spec's `message` (what the worker stores on the row) and a `reason`
 * in plain words naming what is at fault, e.g. "Ceramic Mug 11oz (3D) has no print space
 * 'front'" (MULTI_SPACE_ROW_REASONS).
 */
export function validateMultiSpaceRow(record: MultiSpaceRowInput): MultiSpaceRowResult {
  const M = MULTI_SPACE_ROW_MESSAGES;
  const R = MULTI_SPACE_ROW_REASONS;
  const fail = (message: MultiSpaceRowMessage, reason: string): MultiSpaceRowResult => ({
    ok: false,
    message,
    reason,
  });

  const list = parseList(record.designs);
  if (!list) return fail(M.designsInvalid, R.designsInvalid());
  if (list.length === 0) return fail(M.emptyDesigns, R.emptyDesigns());

  const rowDesigns: RowDesign[] = [];
  for (const [at, item] of list.entries()) {
    if (!isRecord(item)) return fail(M.designInvalid, R.designNotAnEntry(at + 1));
    const newUrl = nonBlank(item.new_url);
    if (!newUrl) return fail(M.designUrlInvalid, R.designUrlMissing(at + 1));
    rowDesigns.push({ new_url: newUrl, print_space: nonBlank(item.print_space) });
  }
  if (rowDesigns.length > 1) {
    const seen = new Set<string>();
    for (const [at, design] of rowDesigns.entries()) {
      if (design.print_space === undefined) {
        return fail(M.designInvalid, R.printSpaceNotNamed(at + 1));
      }
      if (seen.has(design.print_space)) {
        return fail(M.designInvalid, R.printSpaceTwice(design.print_space));
      }
      seen.add(design.print_space);
    }
  }

  const campaign = record.template_campaign;
  if (!campaign) return fail(M.campaignNotFound, R.campaignNotFound());
  if (campaign.products.length === 0) return fail(M.invalidDesign, R.noProducts());

  const designs: PlannedDesign[] = [];
  const mockups: PlannedMockup[] = [];
  const usedSpaces = new Set<string>();
  for (const product of campaign.products) {
    const spaces = printSpacesOf(product);
    const unreadable = () =>
      fail(M.printSpaceInvalid, R.printSpacesUnreadable(productLabel(product)));
    if (!spaces) return unreadable();
    const names = new Set(spaces.map((space) => space.name));
    const productDesigns: PlannedDesign[] = [];
    const wanted: string[] = [];
    for (const design of rowDesigns) {
      const target = design.print_space ?? mainPrintSpace(spaces);
      if (target === undefined) return unreadable();
      wanted.push(target);
      if (!names.has(target)) continue;
      productDesigns.push({
        product_id: product.id,
        template_id: product.template_id,
        print_space: target,
        new_url: design.new_url,
      });
    }
    if (productDesigns.length === 0) {
      return fail(M.printSpaceMissing, R.productLacksSpaces(productLabel(product), wanted));
    }
    for (const design of productDesigns) {
      usedSpaces.add(design.print_space);
      for (const mockup of product.template_mockups ?? []) {
        if (mockup.print_space === design.print_space) {
          mockups.push({
            product_id: product.id,
            mockup_id: mockup.id,
            print_space: mockup.print_space,
          });
        }
      }
    }
    designs.push(...productDesigns);
  }
  for (const design of rowDesigns) {
    if (design.print_space !== undefined && !usedSpaces.has(design.print_space)) {
      return fail(M.printSpaceMissing, R.noProductHasSpace(design.print_space));
    }
  }
  if (designs.length === 0 || mockups.length === 0) return fail(M.invalidDesign, R.noMockup());
  return { ok: true, designs, mockups };
}
