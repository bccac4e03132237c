import {
  type ApiClient,
  BULK_MOCKUP_SIZE,
  type BulkRegularJob,
  DESIGN_UPLOAD_PREFIX,
  type MultiSpaceRenderer,
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
import type { ChromiumPool, LoadedTemplate } from '@printloom/renderer/node';

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
  /** Chromium for 3D mockups (PRINTLOOM_CHROMIUM); started on the first 3D mockup. */
  chromium?: string | undefined;
  now?: () => number;
  times?: PhaseTimes;
}

function absoluteSource(url: string, api: string): string {
  if (/^(https?:|data:)/i.test(url)) return url;
  if (url.startsWith('/')) return `${api}${url}`;
  if (url.startsWith('images/')) return `${api}/${url}`;
  return url;
}

/**
 * The bulk worker's renderer on Node: draws each artwork at its print space's export size,
 * renders each template mockup with the bundled templates (2D on @napi-rs/canvas, 3D in a
 * pooled Chromium), and uploads designs and mockups through the pre-signed flow (3 attempts).
 */
export class NodeRowRenderer implements MultiSpaceRenderer, RegularRenderer {
  private node: Promise<RendererNode> | undefined;
  private pool: Promise<ChromiumPool> | undefined;
  private readonly options: NodeRendererOptions;

  constructor(options: NodeRendererOptions) {
    this.options = options;
  }

  private renderer(): Promise<RendererNode> {
    this.node ??= import('@printloom/renderer/node');
    return this.node;
  }

  private chromium(node: RendererNode): Promise<ChromiumPool> {
    this.pool ??= node.ChromiumPool.launch(
      this.options.chromium ? { executablePath: this.options.chromium } : {},
    );
    return this.pool;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool).close();
  }

  /**
   * The bundled template a product's mockup is drawn with: the one whose catalog id is the
   * product's template id (the server seeds its catalog from the same manifest), else by name.
   */
  private async templateFor(templateId: number, name: string | undefined): Promise<LoadedTemplate> {
    const node = await this.renderer();
    const all = await node.listTemplates();
    const found =
      all.find((t) => t.template.templateId === templateId) ??
      all.find((t) => name !== undefined && t.template.name === name);
    if (!found) throw new Error(`No mockup template for product template ${templateId}`);
    return found;
  }

  async renderRow(input: {
    record: PendingBulkRecord;
    designs: PlannedDesign[];
    mockups: PlannedMockup[];
  }): Promise<{ designs: ProcessedDesign[]; designs3D: ProcessedMockup[] }> {
    const { record } = input;
    const node = await this.renderer();
    const now = this.options.now ?? Date.now;
    const times = this.options.times;
    const campaignId = record.campaign_id ?? record.template_campaign_id;
    const products = new Map((record.template_campaign?.products ?? []).map((p) => [p.id, p]));
    const artwork = new Map<string, ReturnType<RendererNode['loadImageFrom']>>();
    const canvases = new Map<string, Canvas>();
    // Uploads run while the next image renders; the row waits for them only at the end.
    const uploads: Promise<void>[] = [];
    const designs: ProcessedDesign[] = [];
    const pngs = new Map<string, Promise<Buffer>>();

    for (const design of input.designs) {
      const product = products.get(design.product_id);
      if (!product) throw new Error(`Product ${design.product_id} is not in the template`);
      const started = now();
      const source = absoluteSource(design.new_url, this.options.api);
      let image = artwork.get(source);
      if (!image) {
        image = node.loadImageFrom(source);
        artwork.set(source, image);
      }
      const size = pngExportSize(printSpaceSize(product, design.print_space));
      // Products with the same print space size share one drawing of the artwork.
      const sizeKey = `${source}|${size.width}x${size.height}`;
      let canvas = canvases.get(sizeKey);
      if (!canvas) {
        canvas = node.createNodeCanvas(size.width, size.height) as unknown as Canvas;
        const decoded = await image;
        // The artwork is contained and centred in the print space, as the dashboard places it.
        const scale = Math.min(size.width / decoded.width, size.height / decoded.height);
        const w = decoded.width * scale;
        const h = decoded.height * scale;
        canvas
          .getContext('2d')
          .drawImage(decoded, (size.width - w) / 2, (size.height - h) / 2, w, h);
        canvases.set(sizeKey, canvas);
        pngs.set(sizeKey, node.encodeCanvas(canvas, 'png'));
      }
      canvases.set(`${design.product_id}|${design.print_space}`, canvas);
      const png = await (pngs.get(sizeKey) as Promise<Buffer>);
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
        this.options.client.uploads
          .uploadFile({
            file: new Uint8Array(png),
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
      if (!template || !canvas) throw new Error(`Mockup ${mockup.mockup_id} has no design`);
      const started = now();
      const layers = typeof template.design_json === 'object' ? template.design_json : null;
      const loaded = await this.templateFor(product?.template_id ?? 0, layers?.name);
      let bytes: Buffer;
      if (loaded.template.kind === '3d') {
        const pool = await this.chromium(node);
        bytes = await node.render3dMockup(pool, loaded, await node.toPng(canvas), {
          printSpace: mockup.print_space,
          size: BULK_MOCKUP_SIZE,
        });
      } else {
        bytes = await node.renderMockup(loaded, canvas, {
          printSpace: mockup.print_space,
          size: BULK_MOCKUP_SIZE,
        });
      }
      if (times) times.renderMs += now() - started;
      const entry: ProcessedMockup = { ...mockup, file_url: '' };
      designs3D.push(entry);
      uploads.push(
        this.options.client.uploads
          .uploadMockup({
            campaignId,
            mockupId: mockup.mockup_id,
            timestamp: now(),
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
