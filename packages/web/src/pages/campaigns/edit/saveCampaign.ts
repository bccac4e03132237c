import {
  type Campaign,
  type CampaignDesign,
  type CampaignMockupInput,
  type CampaignType,
  designOptionFor,
  type ImageObject,
  type MockupTemplate,
  type PrintSpaceDesign,
  type ProductTemplate,
  slugify,
} from '@printloom/core';
import type { Api } from '../../../api/client.js';
import {
  canvasBlob,
  exportDesignPng,
  fitSize,
  renderDesignCanvas,
} from '../../../editor/exportDesign.js';
import { exportMockupJpeg } from '../../../editor/mockupRender.js';
import { render3dMockup, webgl2Available } from '../../../editor/scene3d.js';
import {
  type CampaignFormValues,
  colourOf,
  serializeDesign,
  templateSpaces,
} from './campaignForm.js';

/** Folder of a campaign's design files, beside its mockups under 'p/{campaignId}' (spec §7). */
export const DESIGN_UPLOAD_FOLDER = 'd';
/** Long side of the mockup images saved with a campaign. */
export const SAVED_MOCKUP_SIZE = 1000;

export interface SaveCampaignInput {
  api: {
    campaigns: Pick<Api['campaigns'], 'create' | 'update'>;
    uploads: Pick<Api['uploads'], 'uploadFile' | 'uploadMockup'>;
  };
  campaignId: number | null;
  type: CampaignType;
  values: CampaignFormValues;
  templates: ReadonlyMap<number, ProductTemplate>;
  designs: Readonly<Record<string, PrintSpaceDesign>>;
  /**
   * Print spaces whose saved design the editor could not open: left as they are on the server
   * unless the seller put objects on them here.
   */
  kept?: Readonly<Record<string, string | null>>;
  /** 'active' launches the campaign. */
  status?: 'active';
  now?: () => number;
  /** Told what is being done, for the progress line. */
  onStep?: (text: string) => void;
  /**
   * Called once the campaign and its products exist on the server, before the designs go up:
   * if a later step fails, the next save updates this campaign instead of creating another.
   */
  onSaved?: (campaign: Campaign) => void;
}

function productBodies(values: CampaignFormValues, withIds: boolean) {
  return values.products.map((p) => ({
    ...(withIds && p.id !== undefined ? { id: p.id } : {}),
    template_id: p.templateId,
    price: Number(p.price),
    options: { color: p.colors },
    ...(p.defaultColor ? { default_option: p.defaultColor } : {}),
  }));
}

async function mockupImage(
  mockup: MockupTemplate,
  design: PrintSpaceDesign,
  color: string,
  printType: number,
): Promise<Blob | null> {
  if (mockup.mockupType !== '3d') {
    return exportMockupJpeg(mockup, design, color, SAVED_MOCKUP_SIZE, printType);
  }
  // Without WebGL 2 the browser cannot draw the 3D mockup; the campaign saves without it.
  if (!mockup.glb || !webgl2Available()) return null;
  const designCanvas = await renderDesignCanvas(
    design,
    fitSize(design.printSpace, SAVED_MOCKUP_SIZE * 1.5),
  );
  const target = document.createElement('canvas');
  await render3dMockup(target, {
    glbUrl: mockup.glb,
    design: designCanvas,
    space: design.printSpace,
    color,
    size: SAVED_MOCKUP_SIZE,
  });
  return canvasBlob(target, 'image/jpeg', 0.9);
}

/**
 * Saves a campaign as the editor holds it, in two calls: the campaign with its products (a new
 * campaign is created, so its products get ids), then every print space's design JSON with its
 * PNG export and the rendered mockups (uploaded through the pre-signed flow), and the status
 * when launching. Returns the campaign as the server has it at the end.
 */
export async function saveCampaign(input: SaveCampaignInput): Promise<Campaign> {
  const { api, values, templates } = input;
  const now = input.now ?? Date.now;
  const step = input.onStep ?? (() => {});
  const name = values.name.trim();
  const slug = values.slug.trim() || slugify(name) || undefined;
  // A combo sends its set price in cents (an empty field clears it); other types send none.
  const bundlePrice =
    input.type === 'combo' && values.bundlePrice !== undefined
      ? values.bundlePrice.trim() === ''
        ? null
        : Math.round(Number(values.bundlePrice) * 100)
      : undefined;
  step('Saving the campaign…');
  let campaign =
    input.campaignId === null
      ? await api.campaigns.create({
          body: {
            name,
            ...(slug ? { slug } : {}),
            system_type: input.type,
            product_type: 'campaign',
            ...(values.niche ? { niche: values.niche } : {}),
            ...(bundlePrice !== undefined && bundlePrice !== null
              ? { bundle_price: bundlePrice }
              : {}),
            products: productBodies(values, false),
          },
        })
      : await api.campaigns.update({
          params: { id: input.campaignId },
          body: {
            name,
            ...(slug ? { slug } : {}),
            ...(values.niche !== undefined ? { niche: values.niche } : {}),
            ...(bundlePrice !== undefined ? { bundle_price: bundlePrice } : {}),
            products: productBodies(values, true),
          },
        });
  input.onSaved?.(campaign);

  const designs: CampaignDesign[] = [];
  const mockups: CampaignMockupInput[] = [];
  let artwork: string | undefined;
  for (const product of campaign.products) {
    const template = templates.get(product.template_id);
    if (!template) continue;
    const value = values.products.find((p) => p.templateId === product.template_id);
    const color = colourOf(template, value?.defaultColor ?? '').hex_code;
    for (const space of templateSpaces(template)) {
      const design = input.designs[space.id];
      if (!design) continue;
      if (design.objects.length === 0 && input.kept && space.id in input.kept) continue;
      let fileUrl: string | undefined;
      if (design.objects.length > 0) {
        step(`Exporting ${template.name}, ${space.name}…`);
        const png = await exportDesignPng(design);
        const uploaded = await api.uploads.uploadFile({
          file: png,
          fileName: `${space.name}.png`,
          filePath: `${DESIGN_UPLOAD_FOLDER}/${campaign.id}`,
          contentType: 'image/png',
        });
        fileUrl = uploaded.fileUrl;
        artwork ??= design.objects.find((o): o is ImageObject => o.type === 'image')?.src;
      }
      designs.push({
        product_id: product.id,
        print_space: space.name,
        design_json: serializeDesign(design),
        ...(fileUrl ? { file_url: fileUrl } : {}),
        option: designOptionFor(design.objects.some((o) => o.type === 'text')),
      });
      for (const mockup of template.mockups.filter((m) => m.print_space === space.name)) {
        if (design.objects.length === 0) continue;
        step(`Rendering the ${template.name} mockup…`);
        const image = await mockupImage(mockup, design, color, template.full_printed);
        if (!image) continue;
        const uploaded = await api.uploads.uploadMockup({
          campaignId: campaign.id,
          mockupId: mockup.id,
          timestamp: now(),
          file: image,
          contentType: 'image/jpeg',
        });
        mockups.push({
          product_id: product.id,
          print_space: space.name,
          file_url: uploaded.fileUrl,
          mockup_template_id: mockup.id,
          is_default: mockups.length === 0,
        });
      }
    }
  }
  step(input.status === 'active' ? 'Launching…' : 'Saving the designs…');
  campaign = await api.campaigns.update({
    params: { id: campaign.id },
    body: {
      designs,
      mockups,
      ...(artwork ? { artwork_url: artwork } : {}),
      ...(input.status ? { status: input.status } : {}),
    },
  });
  return campaign;
}
