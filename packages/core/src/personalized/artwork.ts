import { z } from 'zod';
import { PrintSpaceDesign } from '../design/DesignDocument.js';

/**
 * Artworks (spec §2 /personalized/artworks, issue 16): a personalisable design is a campaign's
 * design on one print space whose layers are marked for the buyer: a text layer they may
 * rewrite (a label, a length limit, the fonts and colours allowed) or an image layer they fill
 * with a clipart of a group.
 */

export const ARTWORK_FIELDS_MAX = 20;
export const ARTWORK_LABEL_MAX = 60;
/** A design text holds at most 64 characters (core design/DesignObject.ts). */
export const ARTWORK_TEXT_MAX = 64;
export const ARTWORK_FONTS_MAX = 50;
export const ARTWORK_COLORS_MAX = 24;

export const ARTWORK_MESSAGES = {
  label: `Give the field a label of at most ${ARTWORK_LABEL_MAX} characters.`,
  maxLength: `The length limit is a whole number from 1 to ${ARTWORK_TEXT_MAX}.`,
  color: 'A colour is written #rrggbb.',
  layerTwice: 'A layer can be one field only.',
  noLayer: 'This design has no such layer.',
  notText: 'Only a text layer can be a text field.',
  notImage: 'Only an image layer can be a clipart choice.',
  foreignFont: 'This font is not one of your fonts.',
  foreignGroup: 'This clipart group is not one of yours.',
  noDesign: 'This campaign has no saved design on that print space.',
  taken: 'This print space of the campaign is already an artwork.',
  noFields: 'Mark at least one layer for the buyer.',
} as const;

const Id = z.number().int().positive();
const Label = z
  .string()
  .trim()
  .min(1, ARTWORK_MESSAGES.label)
  .max(ARTWORK_LABEL_MAX, ARTWORK_MESSAGES.label);
const LayerId = z.string().min(1).max(100);

export const ArtworkTextField = z.object({
  kind: z.literal('text'),
  layer_id: LayerId,
  label: Label,
  max_length: z
    .number()
    .int()
    .min(1, ARTWORK_MESSAGES.maxLength)
    .max(ARTWORK_TEXT_MAX, ARTWORK_MESSAGES.maxLength),
  /** Seller fonts the buyer may choose besides the layer's own; empty: the layer's font only. */
  font_ids: z.array(Id).max(ARTWORK_FONTS_MAX),
  /** Colours the buyer may choose; empty: the layer's colour only. */
  colors: z
    .array(z.string().regex(/^#[0-9a-f]{6}$/i, ARTWORK_MESSAGES.color))
    .max(ARTWORK_COLORS_MAX),
});
export type ArtworkTextField = z.infer<typeof ArtworkTextField>;

export const ArtworkClipartField = z.object({
  kind: z.literal('clipart'),
  layer_id: LayerId,
  label: Label,
  group_id: Id,
});
export type ArtworkClipartField = z.infer<typeof ArtworkClipartField>;

export const ArtworkField = z.discriminatedUnion('kind', [ArtworkTextField, ArtworkClipartField]);
export type ArtworkField = z.infer<typeof ArtworkField>;

export const ArtworkFields = z
  .array(ArtworkField)
  .min(1, ARTWORK_MESSAGES.noFields)
  .max(ARTWORK_FIELDS_MAX)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.layer_id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'layer_id'],
          message: ARTWORK_MESSAGES.layerTwice,
        });
      }
      seen.add(field.layer_id);
    });
  });

export const ArtworkBody = z.object({
  campaign_id: Id,
  print_space: z.string().trim().min(1).max(60),
  fields: ArtworkFields,
});
export type ArtworkBody = z.infer<typeof ArtworkBody>;

export const ArtworkUpdateBody = ArtworkBody.pick({ fields: true });
export type ArtworkUpdateBody = z.infer<typeof ArtworkUpdateBody>;

export const Artwork = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  print_space: z.string(),
  fields: z.array(ArtworkField),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Artwork = z.infer<typeof Artwork>;

/** A layer of a campaign's saved design that could become a field. */
export const DesignLayer = z.object({
  print_space: z.string(),
  layer_id: z.string(),
  type: z.enum(['text', 'image']),
  /** The text of a text layer; the image address of an image layer. */
  content: z.string(),
});
export type DesignLayer = z.infer<typeof DesignLayer>;

/** The layers of a saved design, in drawing order. */
export function designLayers(printSpace: string, design: PrintSpaceDesign): DesignLayer[] {
  return design.objects.map((object) => ({
    print_space: printSpace,
    layer_id: object.id,
    type: object.type,
    content: object.type === 'text' ? object.text : object.src,
  }));
}

/**
 * Checks the fields against the design's layers and the seller's fonts and clipart groups;
 * answers the errors by field path (`fields.0.layer_id`), empty when all is well.
 */
export function checkArtworkFields(
  fields: readonly ArtworkField[],
  layers: readonly Pick<DesignLayer, 'layer_id' | 'type'>[],
  own: { fontIds: ReadonlySet<number>; groupIds: ReadonlySet<number> },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  fields.forEach((field, index) => {
    const layer = layers.find((l) => l.layer_id === field.layer_id);
    if (!layer) add(`fields.${index}.layer_id`, ARTWORK_MESSAGES.noLayer);
    if (field.kind === 'text') {
      if (layer && layer.type !== 'text') add(`fields.${index}.layer_id`, ARTWORK_MESSAGES.notText);
      if (field.font_ids.some((id) => !own.fontIds.has(id))) {
        add(`fields.${index}.font_ids`, ARTWORK_MESSAGES.foreignFont);
      }
    } else {
      if (layer && layer.type !== 'image')
        add(`fields.${index}.layer_id`, ARTWORK_MESSAGES.notImage);
      if (!own.groupIds.has(field.group_id))
        add(`fields.${index}.group_id`, ARTWORK_MESSAGES.foreignGroup);
    }
  });
  return errors;
}

/** A saved design's JSON text read as a design, or null when it is not one. */
export function readDesignJson(text: string | null): PrintSpaceDesign | null {
  if (!text) return null;
  try {
    const parsed = PrintSpaceDesign.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
