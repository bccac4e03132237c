/**
 * The picture plan of one bulk row, written once for both workers (the CLI's Node renderer and
 * the dashboard's in-tab renderer): which artwork to read, which drawings to make of it at which
 * size, which 2D and 3D mockups to draw from which template, and what to upload where. Data in,
 * plan out: no I/O, no clock (the upload time is an input). Each worker only performs the plan,
 * with the renderer's drawing kernels, so both draw the same pictures from the same bytes.
 *
 * Rules:
 * - The artwork is read as its original bytes from its own address (artworkSource): the API's
 *   own files by path, another host's http(s) address as it is, data:/blob: inline. Never a
 *   re-encoded copy: the print file is drawn from what the seller gave.
 * - One drawing per artwork and PNG export size (spec §9: the print space, long side at most
 *   1920): the artwork contained and centred on it. Products whose print spaces have the same
 *   size share it; each product still gets its own design upload.
 * - A mockup is drawn with the bundled template whose catalog id is the product's template id,
 *   else whose name is the template mockup's name; 2D at most BULK_MOCKUP_SIZE on its long side,
 *   3D as a square frame of that side with the design wrapped at its print space's proportions.
 *   The product colour is the template's first colour.
 * - Design PNGs go to 'd/{campaignId}' as '{product}_{printSpace}_{timestamp}.png'; mockups
 *   through the mockup upload of the campaign (spec §7 'p/{campaignId}'), JPEG.
 */
import { mockupOutputSize, pngExportSize } from '../design/exportSizes.js';
import { BULK_MOCKUP_SIZE, DESIGN_UPLOAD_PREFIX } from './constants.js';
import type { PendingBulkRecord } from './PendingBulkRecord.js';
import { type PlannedDesign, type PlannedMockup, printSpaceSize } from './validateMultiSpaceRow.js';

/**
 * What the planner reads of a mockup template (the renderer's template manifest entry fits):
 * its catalog id and name to be found by, its kind, pixel size, print spaces and colours.
 */
export interface RowTemplate {
  id: string;
  templateId: number;
  name: string;
  kind: '2d' | '3d';
  width: number;
  height: number;
  printSpaces: readonly { name: string; width: number; height: number }[];
  colors: readonly { hex_code: string }[];
}

/** Where a row's artwork is read from, as its original bytes. */
export type ArtworkSource =
  /** A file of the API itself ('/files/…', 'images/…'), by its path from the API's root. */
  | { kind: 'api'; path: string }
  /** Another host's http(s) address, as the seller gave it. */
  | { kind: 'remote'; url: string }
  /** A data: or blob: address: the bytes are in the address. */
  | { kind: 'inline'; url: string };

/**
 * The source of an artwork address (spec §5 image paths): data:/blob: inline, http(s) remote,
 * and anything else a path on the API ('images/x.png' → '/images/x.png'), so no worker ever
 * reads a file of its own machine because a row named one.
 */
export function artworkSource(address: string): ArtworkSource {
  const url = address.trim();
  if (url === '') throw new Error('Design url is invalid');
  if (/^(data|blob):/i.test(url)) return { kind: 'inline', url };
  if (/^https?:\/\//i.test(url)) return { kind: 'remote', url };
  return { kind: 'api', path: url.startsWith('/') ? url : `/${url}` };
}

export interface PlannedArtwork {
  key: string;
  source: ArtworkSource;
}

/** One drawing: artwork `artworkKey` contained and centred on a `width` × `height` canvas. */
export interface PlannedDrawing {
  key: string;
  artworkKey: string;
  width: number;
  height: number;
  /** A 3D mockup wraps this drawing (the in-tab worker hands it to the 3D worker). */
  wrapped: boolean;
}

/** One design PNG to upload: a drawing, on a product's print space. */
export interface PlannedDesignUpload {
  product_id: number;
  print_space: string;
  drawingKey: string;
  fileName: string;
  filePath: string;
}

interface PlannedMockupBase<T extends RowTemplate> {
  mockup_id: number;
  product_id: number;
  print_space: string;
  drawingKey: string;
  template: T;
  /** Product colour, the template's first ('#rrggbb'). */
  color: string;
}

/** A 2D mockup: the template's layers for `print_space`, drawn at `width` × `height`. */
export interface Planned2dMockup<T extends RowTemplate> extends PlannedMockupBase<T> {
  kind: '2d';
  width: number;
  height: number;
}

/** A 3D mockup: a square frame of `size`, the drawing wrapped at `aspect` (print w / h). */
export interface Planned3dMockup<T extends RowTemplate> extends PlannedMockupBase<T> {
  kind: '3d';
  size: number;
  aspect: number;
}

export type PlannedRowMockup<T extends RowTemplate> = Planned2dMockup<T> | Planned3dMockup<T>;

export interface RowImagePlan<T extends RowTemplate = RowTemplate> {
  /** The campaign the files are uploaded under. */
  campaignId: number;
  /** The upload time every file name of the row carries. */
  timestamp: number;
  artworks: PlannedArtwork[];
  drawings: PlannedDrawing[];
  /** In the row's design order. */
  designs: PlannedDesignUpload[];
  /** In the row's mockup order. */
  mockups: PlannedRowMockup<T>[];
}

/** The bundled template a product's mockups are drawn with (see the header comment). */
export function templateForProduct<T extends RowTemplate>(
  templates: readonly T[],
  templateId: number,
  name: string | undefined,
): T {
  const found =
    templates.find((t) => t.templateId === templateId) ??
    templates.find((t) => name !== undefined && t.name === name);
  if (!found) throw new Error(`No mockup template for product template ${templateId}`);
  return found;
}

const DEFAULT_PRODUCT_COLOR = '#FFFFFF';

/**
 * Plans a validated row (validateMultiSpaceRow's designs and mockups, or regularJobRow's).
 * Throws with a message naming what is missing when the row's products, print spaces or
 * templates do not fit it; the worker treats that as a failed render.
 */
export function planRowImages<T extends RowTemplate>(input: {
  record: Pick<PendingBulkRecord, 'campaign_id' | 'template_campaign_id' | 'template_campaign'>;
  designs: readonly PlannedDesign[];
  mockups: readonly PlannedMockup[];
  templates: readonly T[];
  timestamp: number;
}): RowImagePlan<T> {
  const { record, timestamp } = input;
  const campaignId = record.campaign_id ?? record.template_campaign_id;
  const products = new Map((record.template_campaign?.products ?? []).map((p) => [p.id, p]));
  const artworks = new Map<string, PlannedArtwork>();
  const drawings = new Map<string, PlannedDrawing>();
  const drawingOf = new Map<string, string>();
  const designs: PlannedDesignUpload[] = [];

  for (const design of input.designs) {
    const product = products.get(design.product_id);
    if (!product) throw new Error(`Product ${design.product_id} is not in the template`);
    const source = artworkSource(design.new_url);
    const artworkKey = source.kind === 'api' ? source.path : source.url;
    if (!artworks.has(artworkKey)) artworks.set(artworkKey, { key: artworkKey, source });
    const size = pngExportSize(printSpaceSize(product, design.print_space));
    const key = `${artworkKey}|${size.width}x${size.height}`;
    if (!drawings.has(key)) drawings.set(key, { key, artworkKey, ...size, wrapped: false });
    drawingOf.set(`${design.product_id}|${design.print_space}`, key);
    designs.push({
      product_id: design.product_id,
      print_space: design.print_space,
      drawingKey: key,
      fileName: `${design.product_id}_${design.print_space}_${timestamp}.png`,
      filePath: `${DESIGN_UPLOAD_PREFIX}/${campaignId}`,
    });
  }

  const mockups: PlannedRowMockup<T>[] = [];
  for (const mockup of input.mockups) {
    const product = products.get(mockup.product_id);
    const templateMockup = product?.template_mockups.find((m) => m.id === mockup.mockup_id);
    const drawingKey = drawingOf.get(`${mockup.product_id}|${mockup.print_space}`);
    const drawing = drawingKey === undefined ? undefined : drawings.get(drawingKey);
    if (!product || !templateMockup || !drawing) {
      throw new Error(`Mockup ${mockup.mockup_id} has no design`);
    }
    const layers =
      typeof templateMockup.design_json === 'object' ? templateMockup.design_json : null;
    const template = templateForProduct(input.templates, product.template_id, layers?.name);
    const base = {
      mockup_id: mockup.mockup_id,
      product_id: mockup.product_id,
      print_space: mockup.print_space,
      drawingKey: drawing.key,
      template,
      color: template.colors[0]?.hex_code ?? DEFAULT_PRODUCT_COLOR,
    };
    const frame = mockupOutputSize(template, { requested: BULK_MOCKUP_SIZE });
    if (template.kind === '3d') {
      const space =
        template.printSpaces.find((s) => s.name === mockup.print_space) ?? template.printSpaces[0];
      drawing.wrapped = true;
      mockups.push({
        ...base,
        kind: '3d',
        size: Math.max(frame.width, frame.height),
        aspect: space ? space.width / space.height : 1,
      });
    } else {
      mockups.push({ ...base, kind: '2d', ...frame });
    }
  }

  return {
    campaignId,
    timestamp,
    artworks: [...artworks.values()],
    drawings: [...drawings.values()],
    designs,
    mockups,
  };
}
