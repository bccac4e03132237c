import {
  type BulkRegularJob,
  type MultiSpaceRenderer,
  mockupOutputSize,
  type PendingBulkRecord,
  type PlannedDesign,
  type PlannedMockup,
  type ProcessedDesign,
  type ProcessedMockup,
  pngExportSize,
  type RegularRendered,
  type RegularRenderer,
  type TemplateCampaign,
  validateMultiSpaceRow,
} from '@printloom/core';
import { type DrawableImage, drawMockup } from '@printloom/renderer';
import {
  type BrowserCanvas,
  browserCanvasFactory,
  context2dOf,
  createBrowserCanvas,
  encodeCanvas,
  type ImageFetcher,
  loadBitmap,
  rendererContext,
} from './browserCanvas.js';
import { BULK_MOCKUP_SIZE, DESIGN_UPLOAD_PREFIX, MOCKUP_JPEG_QUALITY } from './constants.js';
import { createMockup3dRenderer } from './mockup3dClient.js';
import type { TemplateAssets } from './templateAssets.js';

/** The uploads the renderer makes: the core client's pre-signed flow (3 attempts). */
export interface RowUploader {
  uploadFile(input: {
    file: Blob;
    fileName: string;
    filePath: string;
    contentType: string;
  }): Promise<{ filePath: string }>;
  uploadMockup(input: {
    campaignId: number;
    mockupId: number;
    timestamp: number;
    file: Blob;
    contentType: string;
  }): Promise<{ filePath: string }>;
}

export interface BrowserRowRendererOptions {
  uploader: RowUploader;
  templates: TemplateAssets;
  /** Reads artwork the page may draw: same-origin addresses, external ones through the proxy. */
  fetchImage: ImageFetcher;
  /** Maps a row's artwork address to one `fetchImage` can read. */
  artworkUrl: (url: string) => string;
  /** The products of a regular job's new campaign (the template's copies, in the same order). */
  campaignProducts: (campaignId: number) => Promise<readonly { id: number; template_id: number }[]>;
  now: () => number;
}

/**
 * Pairs each template product with its copy in the new campaign: same template, in order (the
 * server copies products in id order). Designs saved under the template's product ids would
 * belong to no product of the new campaign.
 */
export function pairCopiedProducts(
  template: readonly { id: number; template_id: number }[],
  copies: readonly { id: number; template_id: number }[],
): Map<number, number> {
  const left = [...copies];
  const pairs = new Map<number, number>();
  for (const product of template) {
    const at = left.findIndex((copy) => copy.template_id === product.template_id);
    if (at === -1) {
      throw new Error(`The new campaign has no copy of product ${product.id}`);
    }
    pairs.set(product.id, left[at]!.id);
    left.splice(at, 1);
  }
  return pairs;
}

type TemplateProduct = TemplateCampaign['products'][number];

function printSpaceSize(product: TemplateProduct, name: string): { width: number; height: number } {
  let list: unknown = product.print_spaces;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      list = null;
    }
  }
  if (Array.isArray(list)) {
    for (const entry of list) {
      const space = entry as { name?: unknown; width?: unknown; height?: unknown };
      if (
        space.name === name &&
        typeof space.width === 'number' &&
        typeof space.height === 'number'
      ) {
        return { width: space.width, height: space.height };
      }
    }
  }
  throw new Error(`Missing print spaces: ${name}`);
}

/**
 * The bulk worker's renderer in the dashboard tab, doing what the CLI's Node renderer does with
 * the same drawing code: each artwork contained and centred at its print space's PNG export
 * size, each template mockup drawn with the renderer's drawMockup (2D) or its three.js scene
 * (3D), everything uploaded through the pre-signed flow while the next image renders.
 */
export class BrowserRowRenderer implements MultiSpaceRenderer, RegularRenderer {
  private readonly options: BrowserRowRendererOptions;
  private readonly three = createMockup3dRenderer();
  /** One output canvas per mockup size: each is encoded before the next draw. */
  private readonly outputs = new Map<string, BrowserCanvas>();

  constructor(options: BrowserRowRendererOptions) {
    this.options = options;
  }

  dispose(): void {
    this.three.dispose();
    this.outputs.clear();
  }

  private output(width: number, height: number): BrowserCanvas {
    const key = `${width}x${height}`;
    let canvas = this.outputs.get(key);
    if (!canvas) {
      canvas = createBrowserCanvas(width, height);
      this.outputs.set(key, canvas);
    }
    return canvas;
  }

  async renderRow(input: {
    record: PendingBulkRecord;
    designs: PlannedDesign[];
    mockups: PlannedMockup[];
  }): Promise<{ designs: ProcessedDesign[]; designs3D: ProcessedMockup[] }> {
    // Uploads run while the next image renders; the row waits for them only at the end.
    const uploads: Promise<void>[] = [];
    const artwork = new Map<string, Promise<ImageBitmap>>();
    let drawn: { designs: ProcessedDesign[]; designs3D: ProcessedMockup[] } | null = null;
    let drawError: unknown = null;
    try {
      drawn = await this.drawRow(input, uploads, artwork);
    } catch (error) {
      drawError = error;
    }
    // allSettled so no upload is left running unobserved when one fails.
    const settled = await Promise.allSettled(uploads);
    for (const bitmap of await Promise.allSettled(artwork.values())) {
      if (bitmap.status === 'fulfilled') bitmap.value.close();
    }
    if (drawn === null) throw drawError;
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    return drawn;
  }

  private async drawRow(
    input: { record: PendingBulkRecord; designs: PlannedDesign[]; mockups: PlannedMockup[] },
    uploads: Promise<void>[],
    artwork: Map<string, Promise<ImageBitmap>>,
  ): Promise<{ designs: ProcessedDesign[]; designs3D: ProcessedMockup[] }> {
    const { record } = input;
    const { uploader, now } = this.options;
    const campaignId = record.campaign_id ?? record.template_campaign_id;
    const products = new Map((record.template_campaign?.products ?? []).map((p) => [p.id, p]));
    const canvases = new Map<string, BrowserCanvas>();
    const pngs = new Map<string, Promise<Blob>>();
    const designs: ProcessedDesign[] = [];

    for (const design of input.designs) {
      const product = products.get(design.product_id);
      if (!product) throw new Error(`Product ${design.product_id} is not in the template`);
      const source = this.options.artworkUrl(design.new_url);
      let image = artwork.get(source);
      if (!image) {
        image = loadBitmap(this.options.fetchImage, source);
        artwork.set(source, image);
      }
      const size = pngExportSize(printSpaceSize(product, design.print_space));
      // Products with the same print space size share one drawing of the artwork.
      const sizeKey = `${source}|${size.width}x${size.height}`;
      let canvas = canvases.get(sizeKey);
      if (!canvas) {
        const decoded = await image;
        canvas = createBrowserCanvas(size.width, size.height);
        // The artwork is contained and centred in the print space, as the dashboard places it.
        const scale = Math.min(size.width / decoded.width, size.height / decoded.height);
        const w = decoded.width * scale;
        const h = decoded.height * scale;
        const ctx = context2dOf(canvas);
        ctx.imageSmoothingEnabled = true;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(decoded, (size.width - w) / 2, (size.height - h) / 2, w, h);
        canvases.set(sizeKey, canvas);
        pngs.set(sizeKey, encodeCanvas(canvas, 'image/png'));
      }
      canvases.set(`${design.product_id}|${design.print_space}`, canvas);
      const png = await (pngs.get(sizeKey) as Promise<Blob>);
      const entry: ProcessedDesign = {
        print_space: design.print_space,
        product_id: design.product_id,
        file_url: '',
        design_json: null,
        option: 'print',
      };
      designs.push(entry);
      uploads.push(
        uploader
          .uploadFile({
            file: png,
            fileName: `${design.product_id}_${design.print_space}_${now()}.png`,
            filePath: `${DESIGN_UPLOAD_PREFIX}/${campaignId}`,
            contentType: 'image/png',
          })
          .then((answer) => {
            entry.file_url = answer.filePath;
          }),
      );
    }

    const designs3D: ProcessedMockup[] = [];
    for (const mockup of input.mockups) {
      const product = products.get(mockup.product_id);
      const template = product?.template_mockups.find((m) => m.id === mockup.mockup_id);
      const canvas = canvases.get(`${mockup.product_id}|${mockup.print_space}`);
      if (!product || !template || !canvas) {
        throw new Error(`Mockup ${mockup.mockup_id} has no design`);
      }
      const layers = typeof template.design_json === 'object' ? template.design_json : null;
      const jpeg = await this.renderMockup(product, layers?.name, mockup.print_space, canvas);
      const entry: ProcessedMockup = { ...mockup, file_url: '' };
      designs3D.push(entry);
      uploads.push(
        uploader
          .uploadMockup({
            campaignId,
            mockupId: mockup.mockup_id,
            timestamp: now(),
            file: jpeg,
            contentType: 'image/jpeg',
          })
          .then((answer) => {
            entry.file_url = answer.filePath;
          }),
      );
    }
    return { designs, designs3D };
  }

  /** One mockup image of a product's print space, JPEG at most 2000 px (spec §9). */
  private async renderMockup(
    product: TemplateProduct,
    name: string | undefined,
    printSpace: string,
    design: DrawableImage,
  ): Promise<Blob> {
    const template = await this.options.templates.find(product.template_id, name);
    const color = template.colors[0]?.hex_code ?? '#FFFFFF';
    if (template.kind === '3d') {
      const space =
        template.printSpaces.find((s) => s.name === printSpace) ?? template.printSpaces[0];
      const size = mockupOutputSize(
        { width: template.width, height: template.height },
        { requested: BULK_MOCKUP_SIZE },
      );
      return this.three.render({
        modelKey: template.id,
        model: () => this.options.templates.model(template),
        design,
        color,
        size: Math.max(size.width, size.height),
        aspect: space ? space.width / space.height : 1,
      });
    }
    const layers = await this.options.templates.layers(template, printSpace);
    const size = mockupOutputSize(layers, { requested: BULK_MOCKUP_SIZE });
    const canvas = this.output(size.width, size.height);
    drawMockup(rendererContext(canvas), layers, design, {
      ...size,
      color,
      createCanvas: browserCanvasFactory,
    });
    return encodeCanvas(canvas, 'image/jpeg', MOCKUP_JPEG_QUALITY);
  }

  /**
   * A regular job: the job's artwork on every product of the template campaign (each on its
   * main print space), uploaded under the new campaign.
   */
  async renderJob(input: {
    job: BulkRegularJob;
    campaignId: number;
    template: TemplateCampaign;
  }): Promise<RegularRendered> {
    const plan = validateMultiSpaceRow({
      designs: input.job.designs,
      template_campaign: input.template,
    });
    if (!plan.ok) throw new Error(plan.message);
    const record: PendingBulkRecord = {
      id: input.job.id,
      campaign_id: input.campaignId,
      template_campaign_id: input.template.id,
      template_campaign: input.template,
      type: 'regular_multi_space',
      designs: input.job.designs,
      lease_token: 'regular',
    };
    const copies = pairCopiedProducts(
      input.template.products,
      await this.options.campaignProducts(input.campaignId),
    );
    const result = await this.renderRow({ record, designs: plan.designs, mockups: plan.mockups });
    const copyOf = (productId: number) => copies.get(productId) ?? productId;
    return {
      designs: result.designs.map((d) => ({
        print_space: d.print_space,
        product_id: copyOf(d.product_id),
        campaign_id: input.campaignId,
        file_url: d.file_url,
        design_json: d.design_json ?? null,
        option: d.option,
      })),
      mockups: result.designs3D.map((m, index) => ({
        ...m,
        product_id: copyOf(m.product_id),
        campaign_id: input.campaignId,
        is_default_mockup: index === 0 ? '1' : '0',
      })),
    };
  }
}
