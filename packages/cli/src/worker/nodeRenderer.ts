import {
  type ApiClient,
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
import { drawContained } from '@printloom/renderer';
import type { LoadedTemplate } from '@printloom/renderer/node';

type RendererNode = typeof import('@printloom/renderer/node');
type Canvas = Awaited<ReturnType<RendererNode['renderMockupCanvas']>>;

/**
 * Milliseconds a row spends per phase, for the benchmark: rendering (artwork download included),
 * and waiting for uploads that did not finish while later images rendered.
 */
export interface PhaseTimes {
  renderMs: number;
  uploadMs: number;
}

export interface NodeRendererOptions {
  /** campaigns.get reads a regular job's new campaign, whose product copies get the designs. */
  client: {
    uploads: Pick<ApiClient['uploads'], 'uploadFile' | 'uploadMockup'>;
    campaigns: Pick<ApiClient['campaigns'], 'get'>;
  };
  /** The API address relative artwork paths ('/files/…') resolve against. */
  api: string;
  /**
   * Chromium path (PRINTLOOM_CHROMIUM). 3D mockups are drawn from the templates' bakes, so the
   * worker starts no browser; kept so existing configuration stays valid.
   */
  chromium?: string | undefined;
  now?: () => number;
  times?: PhaseTimes;
}

/** The address a planned artwork's original bytes are read from (the API's files on the API). */
function sourceAddress(source: ArtworkSource, api: string): string {
  return source.kind === 'api' ? `${api}${source.path}` : source.url;
}

/**
 * The bulk worker's renderer on Node. It performs core's planRowImages plan, the same plan the
 * dashboard's in-tab renderer performs: each artwork read from its original bytes and drawn
 * with the renderer's drawContained at its print space's export size, each mockup drawn with
 * the bundled templates (2D on @napi-rs/canvas, 3D from the templates' bakes, no browser), designs and mockups
 * uploaded through the pre-signed flow (3 attempts).
 */
export class NodeRowRenderer implements MultiSpaceRenderer, RegularRenderer {
  private node: Promise<RendererNode> | undefined;
  private readonly options: NodeRendererOptions;

  constructor(options: NodeRendererOptions) {
    this.options = options;
  }

  private renderer(): Promise<RendererNode> {
    this.node ??= import('@printloom/renderer/node');
    return this.node;
  }

  /** Nothing to release: 3D mockups are drawn from bakes, with no browser to close. */
  async close(): Promise<void> {}

  async renderRow(input: {
    record: PendingBulkRecord;
    designs: PlannedDesign[];
    mockups: PlannedMockup[];
  }): Promise<{ designs: ProcessedDesign[]; designs3D: ProcessedMockup[] }> {
    const node = await this.renderer();
    const now = this.options.now ?? Date.now;
    const times = this.options.times;
    const bundled = await node.listTemplates();
    const loadedOf = new Map<string, LoadedTemplate>(bundled.map((t) => [t.template.id, t]));
    const plan = planRowImages({
      ...input,
      templates: bundled.map((t) => t.template),
      timestamp: now(),
    });
    const artwork = new Map(
      plan.artworks.map((a) => [a.key, sourceAddress(a.source, this.options.api)] as const),
    );
    const images = new Map<string, ReturnType<RendererNode['loadImageFrom']>>();
    const canvases = new Map<string, Canvas>();
    const pngs = new Map<string, Promise<Buffer>>();
    // Uploads run while the next image renders; the row waits for them only at the end.
    const uploads: Promise<void>[] = [];

    const drawingsByKey = new Map(plan.drawings.map((d) => [d.key, d]));
    // Products whose print spaces have the same size share one drawing of the artwork, and its
    // one PNG: the print file and the 3D page's texture alike. Drawing waits for the artwork;
    // the PNG encode is started, not awaited, so a row's encodes run together on the libuv pool
    // while the next drawing and the mockups render.
    const draw = async (key: string): Promise<void> => {
      if (pngs.has(key)) return;
      const drawing = drawingsByKey.get(key);
      const address = drawing && artwork.get(drawing.artworkKey);
      if (!drawing || !address) throw new Error(`No artwork for drawing ${key}`);
      let image = images.get(address);
      if (!image) {
        image = node.loadImageFrom(address);
        images.set(address, image);
      }
      const { width, height } = drawing;
      const canvas = node.createNodeCanvas(width, height) as unknown as Canvas;
      drawContained(canvas.getContext('2d'), await image, { x: 0, y: 0, width, height });
      canvases.set(key, canvas);
      const png = node.encodePng(canvas);
      // Observed here so a failed encode is not unhandled before its upload awaits it.
      png.catch(() => {});
      pngs.set(key, png);
    };

    const designs: ProcessedDesign[] = [];
    for (const design of plan.designs) {
      const started = now();
      await draw(design.drawingKey);
      const png = pngs.get(design.drawingKey);
      if (!png) throw new Error(`No drawing ${design.drawingKey}`);
      if (times) times.renderMs += now() - started;
      const entry: ProcessedDesign = {
        print_space: design.print_space,
        product_id: design.product_id,
        file_url: '',
        design_json: null,
        option: 'print',
      };
      designs.push(entry);
      uploads.push(
        png
          .then((bytes) =>
            this.options.client.uploads.uploadFile({
              file: new Uint8Array(bytes),
              fileName: design.fileName,
              filePath: design.filePath,
              contentType: 'image/png',
            }),
          )
          .then((answer) => {
            entry.file_url = answer.filePath;
          }),
      );
    }

    const designs3D: ProcessedMockup[] = [];
    for (const mockup of plan.mockups) {
      const canvas = canvases.get(mockup.drawingKey);
      const png = pngs.get(mockup.drawingKey);
      const loaded = loadedOf.get(mockup.template.id);
      if (!canvas || !png || !loaded) throw new Error(`Mockup ${mockup.mockup_id} has no design`);
      const mockupStarted = now();
      const bytes =
        mockup.kind === '3d'
          ? await node.renderBaked3dMockup(loaded, canvas, {
              printSpace: mockup.print_space,
              size: mockup.size,
              color: mockup.color,
            })
          : await node.renderMockup(loaded, canvas, {
              printSpace: mockup.print_space,
              size: Math.max(mockup.width, mockup.height),
              color: mockup.color,
            });
      if (times) times.renderMs += now() - mockupStarted;
      const entry: ProcessedMockup = {
        product_id: mockup.product_id,
        mockup_id: mockup.mockup_id,
        print_space: mockup.print_space,
        file_url: '',
      };
      designs3D.push(entry);
      uploads.push(
        this.options.client.uploads
          .uploadMockup({
            campaignId: plan.campaignId,
            mockupId: mockup.mockup_id,
            timestamp: plan.timestamp,
            file: new Uint8Array(bytes),
            contentType: 'image/jpeg',
          })
          .then((answer) => {
            entry.file_url = answer.filePath;
          }),
      );
    }
    const waiting = now();
    // allSettled first so no upload is left running unobserved when one fails.
    const settled = await Promise.allSettled(uploads);
    if (times) times.uploadMs += now() - waiting;
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    return { designs, designs3D };
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
      (await this.options.client.campaigns.get({ params: { id: input.campaignId } })).products,
    );
    return regularRenderedOnCopies(await this.renderRow(row), copies, input.campaignId);
  }
}
