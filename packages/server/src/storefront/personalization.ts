import {
  type API,
  type ArtworkField,
  type BuyerArtwork,
  type CheckoutItem,
  PERSONALIZATION_MESSAGES,
  Personalization,
  type PersonalizationLibrary,
  type PersonalizedValue,
  PREVIEW_MAX_SIDE,
  type PrintSpaceDesign,
  personalizationSummary,
  personalizeDesign,
  resolvePersonalization,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { httpError, notFound, unprocessable } from '../http/errors.js';
import type { GroupHandlers } from '../http/registerGroup.js';
import { withResolvedSources } from '../orders/printFiles.js';
import {
  campaignArtworks,
  campaignPrintSpaceDesign,
  campaignsArtworks,
  listedCampaignId,
  personalizationLibrary,
} from '../sql/buyerPersonalization.js';
import { type PublicStore, storeBySlug } from '../sql/storefront.js';

/**
 * The buyer's values of each cart line, checked against its campaign's artworks (core
 * `resolvePersonalization`): the resolved values by line, and the errors by the item's field
 * path (`items.{i}.personalization.{print_space}.{layer_id}`). A personalised campaign bought
 * without its values is an error on each of its fields; values for a product that is not
 * personalised are an error on `items.{i}.personalization`.
 */
export async function personalizeLines(
  db: Queryable,
  store: Pick<PublicStore, 'seller_id'>,
  items: readonly CheckoutItem[],
): Promise<{ values: PersonalizedValue[][]; errors: Record<string, string[]> }> {
  const artworks = await campaignsArtworks(db, store.seller_id, [
    ...new Set(items.map((i) => i.campaign_id)),
  ]);
  const library = await personalizationLibrary(db, store.seller_id, [...artworks.values()].flat());
  const errors: Record<string, string[]> = {};
  const values = items.map((item, i) => {
    const out = resolvePersonalization(
      artworks.get(item.campaign_id) ?? [],
      item.personalization ?? [],
      library,
    );
    for (const [key, message] of Object.entries(out.errors)) {
      errors[key === '_' ? `items.${i}.personalization` : `items.${i}.personalization.${key}`] = [
        message,
      ];
    }
    return out.values;
  });
  return { values, errors };
}

/** One field of the product page's personalisation form. */
export type PersonalFieldView =
  | {
      kind: 'text';
      print_space: string;
      layer_id: string;
      label: string;
      max_length: number;
      /** The seller's own text on the layer, shown as the example. */
      placeholder: string;
      fonts: { id: number; name: string }[];
      colors: string[];
      /** The layer's own colour (the choice "as designed"). */
      design_color: string;
    }
  | {
      kind: 'clipart';
      print_space: string;
      layer_id: string;
      label: string;
      cliparts: { id: number; name: string; url: string }[];
    };

/** What the product page needs to let the buyer personalise the product. */
export interface ProductPersonalization {
  previewUrl: string;
  printSpace: string;
  /** Proportions of the preview (the print space), for the image's width and height. */
  width: number;
  height: number;
  fields: PersonalFieldView[];
}

function fieldView(
  printSpace: string,
  field: ArtworkField,
  design: PrintSpaceDesign | null,
  library: PersonalizationLibrary,
): PersonalFieldView {
  const layer = design?.objects.find((o) => o.id === field.layer_id);
  if (field.kind === 'text') {
    return {
      kind: 'text',
      print_space: printSpace,
      layer_id: field.layer_id,
      label: field.label,
      max_length: field.max_length,
      placeholder: layer?.type === 'text' ? layer.text.slice(0, field.max_length) : '',
      fonts: field.font_ids.flatMap((id) => {
        const font = library.fonts.get(id);
        return font ? [{ id, name: font.full_name }] : [];
      }),
      colors: field.colors.map((c) => c.toLowerCase()),
      design_color: layer?.type === 'text' ? layer.fill : '#000000',
    };
  }
  return {
    kind: 'clipart',
    print_space: printSpace,
    layer_id: field.layer_id,
    label: field.label,
    cliparts: [...library.cliparts.entries()]
      .filter(([, c]) => c.group_id === field.group_id)
      .map(([id, c]) => ({ id, name: c.name, url: c.file_url })),
  };
}

/** The personalisation form of a campaign's product page; null when it is not personalised. */
export async function productPersonalization(
  db: Queryable,
  store: PublicStore,
  campaign: { id: number },
  campaignName: string,
): Promise<ProductPersonalization | null> {
  const artworks = await campaignArtworks(db, store.seller_id, campaign.id);
  if (artworks.length === 0) return null;
  const library = await personalizationLibrary(db, store.seller_id, artworks);
  const fields: PersonalFieldView[] = [];
  let first: PrintSpaceDesign | null = null;
  for (const artwork of artworks) {
    const design = await campaignPrintSpaceDesign(
      db,
      store.seller_id,
      campaign.id,
      artwork.print_space,
    );
    first ??= design;
    for (const field of artwork.fields) {
      fields.push(fieldView(artwork.print_space, field, design, library));
    }
  }
  const printSpace = artworks[0]?.print_space ?? '';
  const space = first?.printSpace ?? { width: 1, height: 1 };
  const long = Math.max(space.width, space.height);
  return {
    previewUrl: `/public/stores/${encodeURIComponent(store.slug)}/products/${encodeURIComponent(campaignName)}/preview.png`,
    printSpace,
    width: Math.max(1, Math.round((space.width / long) * PREVIEW_MAX_SIDE)),
    height: Math.max(1, Math.round((space.height / long) * PREVIEW_MAX_SIDE)),
    fields,
  };
}

/** Artwork errors keyed for a product page form: `personalization.{print_space}.{layer_id}`. */
function formErrors(errors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key === '_' ? 'personalization' : `personalization.${key}`,
      [message],
    ]),
  );
}

/**
 * The live preview and the value check of a personalised product page. The preview draws the
 * campaign's saved design of the print space with `renderDesign` of @printloom/renderer/node
 * (the code that draws the print file), the buyer's values put in by core `personalizeDesign`,
 * at most 600 pixels on its longest side; fields left empty keep the seller's own text or picture.
 */
export function personalizationHandlers(
  app: FastifyInstance,
): Pick<GroupHandlers<typeof API.storefront>, 'personalizationPreview' | 'checkPersonalization'> {
  const db = app.db;
  const campaignOf = async (slug: string, name: string) => {
    const store = await storeBySlug(db, slug);
    const id = store ? await listedCampaignId(db, store, name) : null;
    if (!store || id === null) throw notFound('This product is not sold here');
    const artworks = await campaignArtworks(db, store.seller_id, id);
    return { store, id, artworks };
  };
  const checked = async (
    store: PublicStore,
    artworks: readonly BuyerArtwork[],
    values: Personalization,
    partial: boolean,
  ) => {
    const library = await personalizationLibrary(db, store.seller_id, artworks);
    const out = resolvePersonalization(artworks, values, library, { partial });
    const first = Object.values(out.errors)[0];
    if (first) throw unprocessable(first, formErrors(out.errors));
    return out.values;
  };
  return {
    personalizationPreview: async ({ params, query, reply }) => {
      const { store, id, artworks } = await campaignOf(params.slug, params.campaign_slug);
      if (artworks.length === 0) throw notFound(PERSONALIZATION_MESSAGES.notPersonalised);
      const printSpace = query.print_space ?? artworks[0]?.print_space ?? '';
      if (!artworks.some((a) => a.print_space === printSpace)) {
        throw notFound('This product has no personalised design on that print space');
      }
      let parsed: unknown = [];
      try {
        parsed = query.values ? JSON.parse(query.values) : [];
      } catch {
        throw unprocessable('The values are not JSON', { values: ['The values are not JSON'] });
      }
      const given = Personalization.safeParse(parsed);
      if (!given.success) {
        throw unprocessable('The values are not a personalisation', {
          values: ['The values are not a personalisation'],
        });
      }
      const values = await checked(store, artworks, given.data, true);
      const design = await campaignPrintSpaceDesign(db, store.seller_id, id, printSpace);
      if (!design) throw notFound('This product has no saved design to preview');
      const drawn = withResolvedSources(
        personalizeDesign(design, printSpace, values),
        store.seller_id,
        app.blobDir,
      );
      const space = drawn.printSpace;
      const width = Math.max(
        1,
        Math.round((PREVIEW_MAX_SIDE * space.width) / Math.max(space.width, space.height)),
      );
      const node = await import('@printloom/renderer/node');
      let png: Buffer;
      try {
        png = await node.renderDesign(drawn, { width });
      } catch (error) {
        app.log.warn({ err: error, campaign: id }, 'personalised preview failed');
        throw httpError(422, 'This preview cannot be drawn');
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
    },
    checkPersonalization: async ({ params, body }) => {
      const { store, artworks } = await campaignOf(params.slug, params.campaign_slug);
      const values = await checked(store, artworks, body.personalization, false);
      return { data: { values, summary: personalizationSummary(values) } };
    },
  };
}
