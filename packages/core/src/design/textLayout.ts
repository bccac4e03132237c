import { applyCase } from '../text/applyCase.js';
import { canAddText } from '../text/canAddText.js';
import { TEXT_DEFAULT, TEXT_DEFAULT_FONT_SIZE } from '../text/constants.js';
import { newTextWidth, textBoxWidth } from '../text/textBoxWidth.js';
import { limitTextLength } from '../text/textLength.js';
import type { TEXT_ALIGNS } from './constants.js';
import { type TextObject, TextObject as TextObjectSchema } from './DesignObject.js';
import type { PrintSpace } from './PrintSpace.js';

export type TextAlign = (typeof TEXT_ALIGNS)[number];

/** Line height of drawn text as a share of the font size. */
export const TEXT_LINE_HEIGHT = 1.2;

/**
 * A new text object on a print space (spec §9): says 'Hello' in Roboto 100, its box 80 % of the
 * print width, centred. Returns null when the print space already has 2 texts or is loading.
 */
export function createTextObject(
  space: Pick<PrintSpace, 'width' | 'height'>,
  existing: readonly { type: string }[],
  options: {
    id: string;
    text?: string;
    loading?: boolean;
    measure?: (text: string, fontSize: number) => number;
  },
): TextObject | null {
  const texts = existing.filter((o) => o.type === 'text').length;
  if (!canAddText(texts, { loading: options.loading ?? false })) return null;
  const text = limitTextLength(options.text ?? TEXT_DEFAULT);
  const boxWidth = newTextWidth(space.width);
  return TextObjectSchema.parse({
    type: 'text',
    id: options.id,
    text,
    left: space.width / 2,
    top: space.height / 2,
    width: boxWidth,
    height: TEXT_DEFAULT_FONT_SIZE * TEXT_LINE_HEIGHT,
    textWidth: boxWidth,
    widthMode: 'fixed',
  });
}

/** The text as drawn: its case conversion applied, cut to its maximum length. */
export function displayText(
  object: Pick<TextObject, 'text' | 'convertText' | 'maxLength'>,
): string {
  const limited = limitTextLength(object.text, object.maxLength);
  return object.convertText ? applyCase(limited, object.convertText) : limited;
}

/**
 * How wide the box is after the text changed (spec §5): the width mode rule, never wider than
 * the print width, and the factor the glyphs are shrunk by so they fit the box.
 *
 * @param naturalWidth what the text measures at its font size (scale 1)
 */
export function fitText(
  object: Pick<TextObject, 'width' | 'scaleX' | 'widthMode'>,
  naturalWidth: number,
  printWidth: number,
): { boxWidth: number; glyphScale: number } {
  const oldWidth = object.width * object.scaleX;
  const boxWidth = textBoxWidth(object.widthMode, oldWidth, naturalWidth, printWidth);
  const glyphScale = naturalWidth > boxWidth && naturalWidth > 0 ? boxWidth / naturalWidth : 1;
  return { boxWidth, glyphScale };
}

/**
 * The new centre of a text box whose width changed, so its anchor stays put (spec §4): a
 * left-aligned text keeps its left edge, right-aligned its right edge, centred its centre. The
 * shift follows the box's own x axis, so rotated text grows along its baseline.
 */
export function anchorTextCenter(
  align: TextAlign,
  center: { left: number; top: number },
  oldWidth: number,
  newWidth: number,
  angleDeg = 0,
): { left: number; top: number } {
  const shift =
    align === 'left'
      ? (newWidth - oldWidth) / 2
      : align === 'right'
        ? (oldWidth - newWidth) / 2
        : 0;
  const rad = (angleDeg * Math.PI) / 180;
  return { left: center.left + shift * Math.cos(rad), top: center.top + shift * Math.sin(rad) };
}

/**
 * Applies a text edit: new text, width by mode, anchor kept. `measure` gives the text's natural
 * width at a font size (the canvas's measureText in practice).
 */
export function editText(
  object: TextObject,
  text: string,
  printWidth: number,
  measure: (text: string, fontSize: number) => number,
): TextObject {
  const next = { ...object, text: limitTextLength(text, object.maxLength) };
  const natural = measure(displayText(next), object.fontSize);
  const oldWidth = object.width * object.scaleX;
  const { boxWidth } = fitText(object, natural, printWidth);
  const center = anchorTextCenter(object.textAlign, object, oldWidth, boxWidth, object.angle);
  return { ...next, ...center, width: boxWidth, scaleX: 1, textWidth: boxWidth };
}
