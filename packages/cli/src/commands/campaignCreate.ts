import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import {
  type ApiClient,
  ARTWORK_CONTENT_TYPES,
  artworkUploadName,
  type Campaign,
  type CampaignMockupInput,
  campaignNameOfFile,
  extensionOf,
  type ProductTemplate,
  validateMultiSpaceRow,
} from '@printloom/core';
import { CliError, EXIT } from '../CliError.js';
import { NodeRowRenderer } from '../worker/nodeRenderer.js';

/** Folder the dashboard's design editor uploads artwork into; the CLI uses the same. */
const DESIGN_ARTWORK_FOLDER = 'designs';

export interface CreateCampaignInput {
  design: string;
  products: string;
  price?: string | undefined;
  name?: string | undefined;
  launch: boolean;
}

/** The catalog's templates, every page of them. */
export async function allTemplates(client: ApiClient): Promise<ProductTemplate[]> {
  const templates: ProductTemplate[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.catalog.productTemplates({ query: { page, per_page: 100 } });
    templates.push(...answer.data);
    if (answer.current_page >= answer.last_page || answer.data.length === 0) return templates;
  }
}

/** How a template is named on the command line: its catalog slug (`render templates` ids). */
export function templateSlug(template: ProductTemplate): string {
  return template.sku ?? String(template.id);
}

/**
 * The templates `--products` names, each by slug (`tshirt`), name (`Classic T-shirt`) or id,
 * in any case; an unknown one is a usage error listing the valid slugs and names.
 */
export function resolveProducts(
  wanted: string,
  templates: readonly ProductTemplate[],
): ProductTemplate[] {
  const names = wanted
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (names.length === 0) throw new CliError('--products needs at least one product', EXIT.usage);
  const chosen: ProductTemplate[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    const found = templates.find(
      (t) =>
        templateSlug(t).toLowerCase() === key ||
        t.name.toLowerCase() === key ||
        String(t.id) === name,
    );
    if (!found) unknown.push(name);
    else if (!chosen.includes(found)) chosen.push(found);
  }
  if (unknown.length > 0) {
    const valid = templates.map((t) => `  ${templateSlug(t).padEnd(12)} ${t.name}`).join('\n');
    throw new CliError(
      `Unknown ${unknown.length === 1 ? 'product' : 'products'} ${unknown.map((u) => `"${u}"`).join(', ')}. Valid products (printloom campaigns products):\n${valid}`,
      EXIT.usage,
    );
  }
  return chosen;
}

/** A price like `19.99`: a non-negative amount with at most two decimals. */
export function parsePrice(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value.trim())) {
    throw new CliError(`--price must be an amount like 19.99, got "${value}"`, EXIT.usage);
  }
  return Number(value);
}

/**
 * `printloom campaigns create`: uploads the design as the dashboard's editor does, creates the
 * campaign on the chosen templates at the price, draws the design on each product's main print
 * space and its mockups with the bulk worker's renderer (core's planRowImages), saves them as
 * the editor saves, and launches it when asked. Answers the campaign as the server has it.
 */
export async function createCampaignFromDesign(
  client: ApiClient,
  api: string,
  input: CreateCampaignInput,
): Promise<Campaign> {
  const path = resolve(input.design);
  const contentType = ARTWORK_CONTENT_TYPES[extensionOf(path)];
  if (!contentType) throw new CliError(`${path} is not a PNG, JPEG or WebP image`, EXIT.usage);
  const price = input.price === undefined ? undefined : parsePrice(input.price);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new CliError(`Design not found: ${path}`);
  }
  const templates = resolveProducts(input.products, await allTemplates(client));

  const artwork = await client.uploads.uploadFile({
    file: new Uint8Array(bytes),
    fileName: artworkUploadName(basename(path), Date.now()),
    filePath: DESIGN_ARTWORK_FOLDER,
    contentType,
  });
  const created = await client.campaigns.create({
    body: {
      name: input.name?.trim() || campaignNameOfFile(basename(path)),
      artwork_url: artwork.fileUrl,
      products: templates.map((t) => ({
        template_id: t.id,
        ...(price !== undefined ? { price } : {}),
      })),
    },
  });

  const template = await client.bulkV3.origin({ params: { id: created.id } });
  const plan = validateMultiSpaceRow({
    designs: [{ new_url: artwork.fileUrl }],
    template_campaign: template,
  });
  if (!plan.ok)
    throw new CliError(`Campaign ${created.id} was created as a draft, but ${plan.reason}`);
  const renderer = new NodeRowRenderer({
    client,
    api,
    chromium: process.env.PRINTLOOM_CHROMIUM || undefined,
  });
  let rendered: Awaited<ReturnType<NodeRowRenderer['renderRow']>>;
  try {
    rendered = await renderer.renderRow({
      record: {
        id: created.id,
        campaign_id: created.id,
        template_campaign_id: created.id,
        template_campaign: template,
        type: 'regular_multi_space',
        designs: JSON.stringify([{ new_url: artwork.fileUrl }]),
        // Not a leased bulk row: the renderer only draws and uploads, nothing is saved by lease.
        lease_token: 'campaigns-create',
      },
      designs: plan.designs,
      mockups: plan.mockups,
    });
  } catch (error) {
    // The campaign exists with its products and prices: the seller can finish it in the editor.
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `Campaign ${created.id} was created as a draft, but its designs and mockups could not be drawn: ${reason}`,
    );
  } finally {
    await renderer.close();
  }
  const defaults = new Set<number>();
  const mockups: CampaignMockupInput[] = rendered.designs3D.map((m) => {
    const isDefault = !defaults.has(m.product_id);
    defaults.add(m.product_id);
    return {
      product_id: m.product_id,
      print_space: m.print_space,
      file_url: m.file_url,
      mockup_template_id: m.mockup_id,
      is_default: isDefault,
    };
  });
  const saved = await client.campaigns.update({
    params: { id: created.id },
    body: {
      designs: rendered.designs.map((d) => ({
        product_id: d.product_id,
        print_space: d.print_space,
        file_url: d.file_url,
        design_json: null,
        option: d.option,
      })),
      mockups,
    },
  });
  if (!input.launch) return saved;
  return client.campaigns.launch({ params: { id: created.id } });
}
