import {
  BULK_MOCKUP_SIZE,
  type BulkRegularJob,
  DESIGN_UPLOAD_PREFIX,
  type MultiSpaceRenderer,
  mockupOutputSize,
  type PendingBulkRecord,
  type PlannedDesign,
  type PlannedMockup,
  type ProcessedDesign,
  type ProcessedMockup,
  pairCopiedProducts,
  pngExportSize,
  printSpaceSize,
  type RegularRendered,
  type RegularRenderer,
  regularJobRow,
  regularRenderedOnCopies,
  type TemplateCampaign,
} from '@printloom/core';
import type { MockupTemplateFile } from '@printloom/renderer';
import { createMockup3dRenderer } from './mockup3dClient.js';
import type { PaintDesign, PaintMockup, RowPainter } from './rowPainter.js';
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
  /** The template manifest (which templates are 3D, their models). */
  templates: TemplateAssets;
  /** Draws designs and 2D mockups (in the paint web worker where the browser can). */
  painter: RowPainter;
  /** Maps a row's artwork address to an absolute one the painter may read pixels of. */
  artworkUrl: (url: string) => string;
  /** The products of a regular job's new campaign (the template's copies, in the same order). */
  campaignProducts: (campaignId: number) => Promise<readonly { id: number; template_id: number }[]>;
  now: () => number;
}

/**
 * The bulk worker's renderer in the dashboard tab, doing what the CLI's Node renderer does with
 * the same drawing code: each artwork contained and centred at its print space's PNG export
 * size, each template mockup drawn with the renderer's drawMockup (2D, in the paint worker) or
 * its three.js scene (3D, in the 3D worker), then everything uploaded through the pre-signed
 * flow; design uploads run while the 3D frames render.
 */
export class BrowserRowRenderer implements MultiSpaceRenderer, RegularRenderer {
  private readonly options: BrowserRowRendererOptions;
  private readonly three = createMockup3dRenderer();

  constructor(options: BrowserRowRendererOptions) {
    this.options = options;
  }

  dispose(): void {
    this.three.dispose();
  }

  async renderRow(input: {
    record: PendingBulkRecord;
    designs: PlannedDesign[];
    mockups: PlannedMockup[];
  }): Promise<{ designs: ProcessedDesign[]; designs3D: ProcessedMockup[] }> {
    const { record } = input;
    const { uploader, now, templates } = this.options;
    const campaignId = record.campaign_id ?? record.template_campaign_id;
    const products = new Map((record.template_campaign?.products ?? []).map((p) => [p.id, p]));

    // The plan: one drawing per artwork and size, shared by the products of that size.
    const paintDesigns = new Map<string, PaintDesign>();
    const designOf = new Map<string, string>();
    for (const design of input.designs) {
      const product = products.get(design.product_id);
      if (!product) throw new Error(`Product ${design.product_id} is not in the template`);
      const url = this.options.artworkUrl(design.new_url);
      const size = pngExportSize(printSpaceSize(product, design.print_space));
      const key = `${url}|${size.width}x${size.height}`;
      if (!paintDesigns.has(key)) paintDesigns.set(key, { key, url, ...size, keepBitmap: false });
      designOf.set(`${design.product_id}|${design.print_space}`, key);
    }
    const paintMockups: PaintMockup[] = [];
    const mockups3d: { mockup: PlannedMockup; designKey: string; template: MockupTemplateFile }[] =
      [];
    for (const mockup of input.mockups) {
      const product = products.get(mockup.product_id);
      const templateMockup = product?.template_mockups.find((m) => m.id === mockup.mockup_id);
      const designKey = designOf.get(`${mockup.product_id}|${mockup.print_space}`);
      if (!product || !templateMockup || !designKey) {
        throw new Error(`Mockup ${mockup.mockup_id} has no design`);
      }
      const layers =
        typeof templateMockup.design_json === 'object' ? templateMockup.design_json : null;
      const template = await templates.find(product.template_id, layers?.name);
      if (template.kind === '3d') {
        const design = paintDesigns.get(designKey);
        if (design) design.keepBitmap = true;
        mockups3d.push({ mockup, designKey, template });
      } else {
        paintMockups.push({
          key: String(mockup.mockup_id),
          designKey,
          templateId: template.templateId,
          templateName: template.name,
          printSpace: mockup.print_space,
        });
      }
    }

    const painted = await this.options.painter.paint({
      designs: [...paintDesigns.values()],
      mockups: paintMockups,
    });
    const pngs = new Map(painted.designs.map((d) => [d.key, d]));
    const jpegs = new Map(painted.mockups.map((m) => [m.key, m.jpeg]));
    try {
      const designs: ProcessedDesign[] = [];
      const uploads: Promise<void>[] = [];
      // Observed at once (a failure is read below, with the others), never left unhandled.
      const upload = (pending: Promise<void>) => {
        pending.catch(() => undefined);
        uploads.push(pending);
      };
      for (const design of input.designs) {
        const png = pngs.get(designOf.get(`${design.product_id}|${design.print_space}`) ?? '');
        if (!png) throw new Error(`No drawing of the design for product ${design.product_id}`);
        const entry: ProcessedDesign = {
          print_space: design.print_space,
          product_id: design.product_id,
          file_url: '',
          design_json: null,
          option: 'print',
        };
        designs.push(entry);
        upload(
          uploader
            .uploadFile({
              file: png.png,
              fileName: `${design.product_id}_${design.print_space}_${now()}.png`,
              filePath: `${DESIGN_UPLOAD_PREFIX}/${campaignId}`,
              contentType: 'image/png',
            })
            .then((answer) => {
              entry.file_url = answer.filePath;
            }),
        );
      }
      // 3D frames render while the other images upload.
      for (const { mockup, designKey, template } of mockups3d) {
        const design = pngs.get(designKey)?.bitmap;
        if (!design) throw new Error(`Mockup ${mockup.mockup_id} has no design`);
        const space =
          template.printSpaces.find((s) => s.name === mockup.print_space) ??
          template.printSpaces[0];
        const size = mockupOutputSize(
          { width: template.width, height: template.height },
          { requested: BULK_MOCKUP_SIZE },
        );
        jpegs.set(
          String(mockup.mockup_id),
          await this.three.render({
            modelKey: template.id,
            model: () => templates.model(template),
            design,
            color: template.colors[0]?.hex_code ?? '#FFFFFF',
            size: Math.max(size.width, size.height),
            aspect: space ? space.width / space.height : 1,
          }),
        );
      }
      const designs3D: ProcessedMockup[] = [];
      for (const mockup of input.mockups) {
        const jpeg = jpegs.get(String(mockup.mockup_id));
        if (!jpeg) throw new Error(`Mockup ${mockup.mockup_id} was not drawn`);
        const entry: ProcessedMockup = { ...mockup, file_url: '' };
        designs3D.push(entry);
        upload(
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
      // allSettled so no upload is left running unobserved when one fails.
      const settled = await Promise.allSettled(uploads);
      const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) throw failure.reason;
      return { designs, designs3D };
    } finally {
      for (const design of painted.designs) design.bitmap?.close();
    }
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
    const row = regularJobRow(input);
    // Designs belong to the new campaign's copies of the template products, not the template's.
    const copies = pairCopiedProducts(
      input.template.products,
      await this.options.campaignProducts(input.campaignId),
    );
    return regularRenderedOnCopies(await this.renderRow(row), copies, input.campaignId);
  }
}
