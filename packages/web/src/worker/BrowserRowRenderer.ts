import {
  type ArtworkSource,
  type BulkRegularJob,
  type MultiSpaceRenderer,
  type PendingBulkRecord,
  type PlannedDesign,
  type PlannedMockup,
  type ProcessedDesign,
  type ProcessedMockup,
  pairCopiedProducts,
  planRowImages,
  type RegularRendered,
  type RegularRenderer,
  regularJobRow,
  regularRenderedOnCopies,
  type TemplateCampaign,
} from '@printloom/core';
import { createMockup3dRenderer } from './mockup3dClient.js';
import type { RowPainter } from './rowPainter.js';
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
  /** Reads a planned artwork from its original bytes, on the page (see loadArtwork). */
  loadArtwork: (source: ArtworkSource) => Promise<ImageBitmap>;
  /** The products of a regular job's new campaign (the template's copies, in the same order). */
  campaignProducts: (campaignId: number) => Promise<readonly { id: number; template_id: number }[]>;
  now: () => number;
}

/**
 * The bulk worker's renderer in the dashboard tab. It performs core's planRowImages plan, the
 * same plan the CLI's Node renderer performs: drawings, 2D mockups and 3D mockups from the
 * templates' bakes in the paint worker (the renderer's three.js scene in the 3D worker for a
 * template without a bake), then everything uploaded through
 * the pre-signed flow; design uploads run while the 3D frames render.
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
    const { uploader, templates } = this.options;
    const plan = planRowImages({
      ...input,
      templates: await templates.list(),
      timestamp: this.options.now(),
    });
    const mockupKey = (m: { product_id: number; mockup_id: number }) =>
      `${m.product_id}|${m.mockup_id}`;

    // Read on the page: another host's artwork is readable there (an image in CORS mode), and
    // the painter gets the decoded pictures.
    const loaded = await Promise.allSettled(
      plan.artworks.map(async (a) => ({
        key: a.key,
        bitmap: await this.options.loadArtwork(a.source),
      })),
    );
    const artworks = loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const unreadable = loaded.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (unreadable) {
      for (const artwork of artworks) artwork.bitmap.close();
      throw unreadable.reason;
    }
    const painted = await this.options.painter.paint({
      artworks,
      designs: plan.drawings.map((drawing) => ({
        key: drawing.key,
        artworkKey: drawing.artworkKey,
        width: drawing.width,
        height: drawing.height,
        keepBitmap: drawing.wrapped,
      })),
      mockups: plan.mockups.flatMap((m) =>
        m.kind === '2d'
          ? [
              {
                key: mockupKey(m),
                designKey: m.drawingKey,
                template: m.template,
                printSpace: m.print_space,
                width: m.width,
                height: m.height,
                color: m.color,
              },
            ]
          : [],
      ),
      mockups3d: plan.mockups.flatMap((m) =>
        m.kind === '3d'
          ? [
              {
                key: mockupKey(m),
                designKey: m.drawingKey,
                template: m.template,
                size: m.size,
                aspect: m.aspect,
                color: m.color,
              },
            ]
          : [],
      ),
    });
    const drawings = new Map(painted.designs.map((d) => [d.key, d]));
    const jpegs = new Map(painted.mockups.map((m) => [m.key, m.jpeg]));
    try {
      const uploads: Promise<void>[] = [];
      // Observed at once (a failure is read below, with the others), never left unhandled.
      const upload = (pending: Promise<void>) => {
        pending.catch(() => undefined);
        uploads.push(pending);
      };
      const designs: ProcessedDesign[] = plan.designs.map((design) => {
        const png = drawings.get(design.drawingKey)?.png;
        if (!png) throw new Error(`No drawing of the design for product ${design.product_id}`);
        const entry: ProcessedDesign = {
          print_space: design.print_space,
          product_id: design.product_id,
          file_url: '',
          design_json: null,
          option: 'print',
        };
        upload(
          uploader
            .uploadFile({
              file: png,
              fileName: design.fileName,
              filePath: design.filePath,
              contentType: 'image/png',
            })
            .then((answer) => {
              entry.file_url = answer.filePath;
            }),
        );
        return entry;
      });
      // 3D mockups come from the templates' bakes, drawn by the painter; a template without a
      // bake renders with three.js here, while the other images upload.
      for (const mockup of plan.mockups) {
        if (mockup.kind !== '3d' || jpegs.has(mockupKey(mockup))) continue;
        const design = drawings.get(mockup.drawingKey)?.bitmap;
        if (!design) throw new Error(`Mockup ${mockup.mockup_id} has no design`);
        const { template } = mockup;
        jpegs.set(
          mockupKey(mockup),
          await this.three.render({
            modelKey: template.id,
            model: () => templates.model(template),
            design,
            color: mockup.color,
            size: mockup.size,
            aspect: mockup.aspect,
          }),
        );
      }
      const designs3D: ProcessedMockup[] = plan.mockups.map((mockup) => {
        const jpeg = jpegs.get(mockupKey(mockup));
        if (!jpeg) throw new Error(`Mockup ${mockup.mockup_id} was not drawn`);
        const entry: ProcessedMockup = {
          product_id: mockup.product_id,
          mockup_id: mockup.mockup_id,
          print_space: mockup.print_space,
          file_url: '',
        };
        upload(
          uploader
            .uploadMockup({
              campaignId: plan.campaignId,
              mockupId: mockup.mockup_id,
              timestamp: plan.timestamp,
              file: jpeg,
              contentType: 'image/jpeg',
            })
            .then((answer) => {
              entry.file_url = answer.filePath;
            }),
        );
        return entry;
      });
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
