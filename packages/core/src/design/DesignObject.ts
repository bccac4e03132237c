import { z } from 'zod';
import { TextDisplayStyle } from '../enums/catalog.js';
import {
  TEXT_DEFAULT,
  TEXT_DEFAULT_FONT_FAMILY,
  TEXT_DEFAULT_FONT_SIZE,
  TEXT_MAX_LENGTH,
  TEXT_WIDTH_MODES,
} from '../text/constants.js';
import { TEXT_ALIGNS } from './constants.js';

const finite = z.number().refine(Number.isFinite, 'Must be a finite number');
const positive = z.number().positive();

/**
 * What every placed object shares (spec §3 Design object). `left`/`top` are the object's centre
 * in print pixels, so rotation (`angle`, degrees clockwise) turns it in place; its drawn size is
 * `width × scaleX` by `height × scaleY`.
 */
const designObjectFields = {
  id: z.string().min(1),
  name: z.string().optional(),
  left: finite,
  top: finite,
  width: positive,
  height: positive,
  scaleX: positive.default(1),
  scaleY: positive.default(1),
  angle: finite.default(0),
  opacity: z.number().min(0).max(1).default(1),
  /** A locked object cannot be moved or rescaled and counts as full DPI (spec §5). */
  locked: z.boolean().default(false),
  DPI: positive.optional(),
  adjustedScale: positive.optional(),
  isCustom: z.boolean().optional(),
  customDesign: z.string().nullable().optional(),
  customDesignList: z.array(z.string()).optional(),
  custom_background: z.string().nullable().optional(),
  backgroundUrl: z.string().nullable().optional(),
};

/** A placed image (spec §3 Design object): `src` is its URL, width/height its pixel size. */
export const ImageObject = z.object({
  type: z.literal('image'),
  ...designObjectFields,
  src: z.string().min(1),
});
export type ImageObject = z.infer<typeof ImageObject>;
export type ImageObjectInput = z.input<typeof ImageObject>;

/**
 * A text object (spec §3 Text object): Roboto 100 by default, at most 16 characters. `width` is
 * the text box (`textWidth`), `height` one line; `widthMode` picks the spec §5 width rule.
 */
export const TextObject = z.object({
  type: z.literal('text'),
  ...designObjectFields,
  text: z.string().max(64).default(TEXT_DEFAULT),
  fontFamily: z.string().min(1).default(TEXT_DEFAULT_FONT_FAMILY),
  fontUrl: z.string().nullable().optional(),
  fontSize: positive.default(TEXT_DEFAULT_FONT_SIZE),
  fill: z.string().default('#000000'),
  textAlign: z.enum(TEXT_ALIGNS).default('center'),
  textWidth: positive.optional(),
  widthMode: z.enum(TEXT_WIDTH_MODES).default('flexible'),
  maxLength: z.number().int().positive().default(TEXT_MAX_LENGTH),
  convertText: z.enum(['capitalize', 'uppercase', 'lowercase']).nullable().optional(),
  displayStyle: TextDisplayStyle.default('color'),
});
export type TextObject = z.infer<typeof TextObject>;
export type TextObjectInput = z.input<typeof TextObject>;

/** Any object on a print space. */
export const DesignObject = z.discriminatedUnion('type', [ImageObject, TextObject]);
export type DesignObject = z.infer<typeof DesignObject>;
export type DesignObjectInput = z.input<typeof DesignObject>;

/** Axis-aligned box of an object before rotation, in print pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The drawn box of an object, ignoring its rotation. */
export function objectBox(
  object: Pick<DesignObject, 'left' | 'top' | 'width' | 'height' | 'scaleX' | 'scaleY'>,
): Box {
  const width = object.width * object.scaleX;
  const height = object.height * object.scaleY;
  return { left: object.left - width / 2, top: object.top - height / 2, width, height };
}
