import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';
import type { PrintSpaceDesign } from '../design/DesignDocument.js';
import { ARTWORK_FIELDS_MAX, type ArtworkField } from './artwork.js';

/**
 * The buyer's side of a personalised product (issue 16): on the storefront product page the buyer
 * fills in the artwork's fields (a text, maybe a font and a colour among the seller's choices, a
 * clipart of the field's group). The values travel with the cart line, are checked against the
 * artwork when the checkout is priced, are kept on the order item with everything needed to draw
 * them (font and clipart addresses), and the print file is drawn from them.
 */

const id = z.number().int().positive().max(MAX_ID);

/** One field's value as the buyer sends it: which layer of which print space, and the choice. */
export const BuyerValue = z.object({
  print_space: z.string().trim().min(1).max(60),
  layer_id: z.string().min(1).max(100),
  /** A text field's text (checked against the field's own limit, with its label). */
  text: z.string().max(500).optional(),
  /** One of the field's fonts; absent: the layer's own font. */
  font_id: id.optional(),
  /** One of the field's colours (`#rrggbb`); absent: the layer's own colour. */
  color: z.string().max(20).optional(),
  /** A clipart of the field's group. */
  clipart_id: id.optional(),
});
export type BuyerValue = z.infer<typeof BuyerValue>;

/** The values of one cart line. */
export const Personalization = z.array(BuyerValue).max(ARTWORK_FIELDS_MAX * 4);
export type Personalization = z.infer<typeof Personalization>;

/** A value as an order item keeps it: resolved, so the print file never depends on a later edit. */
export const PersonalizedTextValue = z.object({
  kind: z.literal('text'),
  print_space: z.string(),
  layer_id: z.string(),
  label: z.string(),
  text: z.string(),
  font_id: z.number().int().nullable(),
  font_name: z.string().nullable(),
  font_url: z.string().nullable(),
  color: z.string().nullable(),
});
export const PersonalizedClipartValue = z.object({
  kind: z.literal('clipart'),
  print_space: z.string(),
  layer_id: z.string(),
  label: z.string(),
  clipart_id: z.number().int(),
  clipart_name: z.string(),
  clipart_url: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export const PersonalizedValue = z.discriminatedUnion('kind', [
  PersonalizedTextValue,
  PersonalizedClipartValue,
]);
export type PersonalizedValue = z.infer<typeof PersonalizedValue>;

/** An artwork of the campaign: a print space and the fields the buyer fills in. */
export interface BuyerArtwork {
  print_space: string;
  fields: readonly ArtworkField[];
}

/** The seller's fonts and cliparts the artworks name (ids of another seller are absent). */
export interface PersonalizationLibrary {
  fonts: ReadonlyMap<number, { full_name: string; file_url: string }>;
  cliparts: ReadonlyMap<
    number,
    { group_id: number; name: string; file_url: string; width: number; height: number }
  >;
}

export const PERSONALIZATION_MESSAGES = {
  notPersonalised: 'This product cannot be personalised.',
  unknownField: 'This product has no such field to personalise.',
  twice: 'Each field can be filled in once.',
  required: (label: string) => `Please fill in “${label}”.`,
  tooLong: (label: string, max: number) => `“${label}” takes at most ${max} characters.`,
  oneLine: (label: string) => `“${label}” must be one line of text.`,
  font: (label: string) => `Choose one of the fonts offered for “${label}”.`,
  color: (label: string) => `Choose one of the colours offered for “${label}”.`,
  clipart: (label: string) => `Choose one of the pictures offered for “${label}”.`,
} as const;

/** The key of a field's errors and form inputs: `{print_space}.{layer_id}`. */
export const personalizationKey = (printSpace: string, layerId: string) =>
  `${printSpace}.${layerId}`;

/**
 * Checks a buyer's values against a campaign's artworks: every field filled in (a text within
 * its limit, on one line; a font and colour among the field's own; a clipart of its group),
 * nothing for a field that does not exist. Answers the resolved values in the artworks' field
 * order, or the errors by `personalizationKey` (`_` for the line as a whole). With `partial` (the
 * live preview while the buyer types) a field left empty is skipped instead of an error.
 */
export function resolvePersonalization(
  artworks: readonly BuyerArtwork[],
  values: readonly BuyerValue[],
  library: PersonalizationLibrary,
  options: { partial?: boolean } = {},
): { values: PersonalizedValue[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (artworks.length === 0) {
    if (values.length > 0) errors._ = PERSONALIZATION_MESSAGES.notPersonalised;
    return { values: [], errors };
  }
  const given = new Map<string, BuyerValue>();
  for (const value of values) {
    const key = personalizationKey(value.print_space, value.layer_id);
    const field = artworks
      .find((a) => a.print_space === value.print_space)
      ?.fields.find((f) => f.layer_id === value.layer_id);
    if (!field) errors[key] = PERSONALIZATION_MESSAGES.unknownField;
    else if (given.has(key)) errors[key] = PERSONALIZATION_MESSAGES.twice;
    given.set(key, value);
  }
  const resolved: PersonalizedValue[] = [];
  for (const artwork of artworks) {
    for (const field of artwork.fields) {
      const key = personalizationKey(artwork.print_space, field.layer_id);
      if (errors[key]) continue;
      const value = given.get(key);
      const common = {
        print_space: artwork.print_space,
        layer_id: field.layer_id,
        label: field.label,
      };
      if (field.kind === 'text') {
        const text = (value?.text ?? '').trim();
        if (!text && options.partial) continue;
        if (!text) errors[key] = PERSONALIZATION_MESSAGES.required(field.label);
        else if (/\p{Cc}/u.test(text)) errors[key] = PERSONALIZATION_MESSAGES.oneLine(field.label);
        else if ([...text].length > field.max_length) {
          errors[key] = PERSONALIZATION_MESSAGES.tooLong(field.label, field.max_length);
        }
        const font =
          value?.font_id !== undefined && field.font_ids.includes(value.font_id)
            ? library.fonts.get(value.font_id)
            : undefined;
        if (value?.font_id !== undefined && !font) {
          errors[key] ??= PERSONALIZATION_MESSAGES.font(field.label);
        }
        const color = value?.color?.toLowerCase();
        if (color !== undefined && !field.colors.some((c) => c.toLowerCase() === color)) {
          errors[key] ??= PERSONALIZATION_MESSAGES.color(field.label);
        }
        if (errors[key]) continue;
        resolved.push({
          kind: 'text',
          ...common,
          text,
          font_id: font ? (value?.font_id ?? null) : null,
          font_name: font?.full_name ?? null,
          font_url: font?.file_url ?? null,
          color: color ?? null,
        });
      } else {
        if (value?.clipart_id === undefined && options.partial) continue;
        const clipart =
          value?.clipart_id !== undefined ? library.cliparts.get(value.clipart_id) : undefined;
        if (!clipart || clipart.group_id !== field.group_id || value?.clipart_id === undefined) {
          errors[key] = PERSONALIZATION_MESSAGES.clipart(field.label);
          continue;
        }
        resolved.push({
          kind: 'clipart',
          ...common,
          clipart_id: value.clipart_id,
          clipart_name: clipart.name,
          clipart_url: clipart.file_url,
          width: clipart.width,
          height: clipart.height,
        });
      }
    }
  }
  return { values: Object.keys(errors).length > 0 ? [] : resolved, errors };
}

/**
 * The design of a print space with the buyer's values drawn in: a text layer gets the buyer's
 * text, font and colour (the seller's own where the buyer chose none); an image layer shows the
 * chosen clipart contained in the layer's box, centred where the layer was. Values of other print
 * spaces and layers the design lacks change nothing.
 */
export function personalizeDesign(
  design: PrintSpaceDesign,
  printSpace: string,
  values: readonly PersonalizedValue[],
): PrintSpaceDesign {
  const own = values.filter((v) => v.print_space === printSpace);
  if (own.length === 0) return design;
  return {
    ...design,
    objects: design.objects.map((object) => {
      const value = own.find((v) => v.layer_id === object.id);
      if (!value) return object;
      if (value.kind === 'text' && object.type === 'text') {
        return {
          ...object,
          text: value.text,
          ...(value.font_url ? { fontUrl: value.font_url } : {}),
          ...(value.color ? { fill: value.color } : {}),
        };
      }
      if (value.kind === 'clipart' && object.type === 'image') {
        const boxWidth = object.width * object.scaleX;
        const boxHeight = object.height * object.scaleY;
        const scale = Math.min(boxWidth / value.width, boxHeight / value.height);
        return {
          ...object,
          src: value.clipart_url,
          width: value.width * scale,
          height: value.height * scale,
          scaleX: 1,
          scaleY: 1,
        };
      }
      return object;
    }),
  };
}

/** The values as the buyer sent them, back from the kept ones (a restored cart sends them again). */
export function buyerValuesOf(values: readonly PersonalizedValue[]): BuyerValue[] {
  return values.map((value) => {
    const where = { print_space: value.print_space, layer_id: value.layer_id };
    if (value.kind === 'clipart') return { ...where, clipart_id: value.clipart_id };
    return {
      ...where,
      text: value.text,
      ...(value.font_id !== null ? { font_id: value.font_id } : {}),
      ...(value.color !== null ? { color: value.color } : {}),
    };
  });
}

/** How an order line or invoice writes the buyer's values: `Your name: Alex (Lobster, #112233)`. */
export function personalizationSummary(values: readonly PersonalizedValue[]): string[] {
  return values.map((value) => {
    if (value.kind === 'clipart') return `${value.label}: ${value.clipart_name}`;
    const extras = [value.font_name, value.color].filter((x): x is string => Boolean(x));
    return `${value.label}: ${value.text}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
  });
}

/** `POST /public/stores/{slug}/products/{campaign_slug}/personalization`: the values to check. */
export const PersonalizationCheckBody = z.object({ personalization: Personalization });
export type PersonalizationCheckBody = z.infer<typeof PersonalizationCheckBody>;

/** The values as they will be kept, and the lines a cart shows for them. */
export const PersonalizationChecked = z.object({
  values: z.array(PersonalizedValue),
  summary: z.array(z.string()),
});
export type PersonalizationChecked = z.infer<typeof PersonalizationChecked>;

/** Longest `values` text of a preview address (the JSON of the buyer's values). */
export const PREVIEW_VALUES_MAX = 4000;
/** Longest side of a live preview image, in pixels. */
export const PREVIEW_MAX_SIDE = 600;

/** `GET …/preview.png`: the print space to draw and the buyer's values as JSON text. */
export const PersonalizationPreviewQuery = z.object({
  print_space: z.string().trim().min(1).max(60).optional(),
  values: z.string().max(PREVIEW_VALUES_MAX).optional(),
});
export type PersonalizationPreviewQuery = z.infer<typeof PersonalizationPreviewQuery>;
