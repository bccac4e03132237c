import { describe, expect, it } from 'vitest';
import {
  anchorTextCenter,
  applyRotation,
  canvasDisplayScale,
  capObjectScale,
  capScaleToPrintArea,
  clampToPrintArea,
  createPrintSpace,
  createTextObject,
  DesignDocument,
  design3dBlobSize,
  designQuality,
  displayText,
  editText,
  exportCanvasSize,
  fitText,
  type ImageObject,
  ImageObject as ImageObjectSchema,
  isInsidePrintArea,
  mockupOutputSize,
  objectBox,
  PrintSpace,
  PrintSpaceDesign,
  planImageReplacement,
  pngExportSize,
  snapToCenter,
  TextObject,
} from './index.js';

const front = createPrintSpace(12, { name: 'front', width: 4200, height: 4800 });
const square = createPrintSpace(7, { name: 'front', width: 1000, height: 1000 });

function image(overrides: Partial<ImageObject> = {}): ImageObject {
  return ImageObjectSchema.parse({
    type: 'image',
    id: 'img',
    src: 'art.png',
    left: 500,
    top: 500,
    width: 1000,
    height: 500,
    ...overrides,
  });
}

describe('PrintSpace (spec §3)', () => {
  it('is identified {templateId}_{printSpaceName} with DPI 300 and minDPI 150', () => {
    expect(front.id).toBe('12_front');
    expect(front.DPI).toBe(300);
    expect(front.minDPI).toBe(150);
  });
  it('refuses an id that does not end with its name', () => {
    const result = PrintSpace.safeParse({ id: '12_back', name: 'front', width: 10, height: 10 });
    expect(result.success).toBe(false);
  });
});

describe('TextObject (spec §3)', () => {
  it('defaults to Roboto at font size 100 saying Hello', () => {
    const text = TextObject.parse({
      type: 'text',
      id: 't',
      left: 0,
      top: 0,
      width: 10,
      height: 10,
    });
    expect(text.fontFamily).toBe('Roboto');
    expect(text.fontSize).toBe(100);
    expect(text.text).toBe('Hello');
  });
});

describe('canvasDisplayScale (spec §9)', () => {
  it('is display width / (1.4 × longest print side)', () => {
    expect(canvasDisplayScale(700, { width: 4200, height: 4800 })).toBeCloseTo(700 / (1.4 * 4800));
    expect(canvasDisplayScale(1400, { width: 1000, height: 500 })).toBe(1);
  });
  it('uses the print size when one is given', () => {
    expect(
      canvasDisplayScale(1400, { width: 10, height: 10, printWidth: 2000, printHeight: 500 }),
    ).toBe(0.5);
  });
});

describe('text creation (spec §9)', () => {
  it('creates Hello at 80 percent of the print width, centred', () => {
    const text = createTextObject(front, [], { id: 't1' });
    expect(text?.text).toBe('Hello');
    expect(text?.fontSize).toBe(100);
    expect(text?.width).toBe(3360);
    expect(text?.left).toBe(2100);
    expect(text?.top).toBe(2400);
  });
  it('refuses a third text and any text while loading', () => {
    const two = [{ type: 'text' }, { type: 'text' }, { type: 'image' }];
    expect(createTextObject(front, two, { id: 't3' })).toBeNull();
    expect(createTextObject(front, [], { id: 't1', loading: true })).toBeNull();
  });
  it('cuts the text to 16 characters and applies its case', () => {
    const text = createTextObject(front, [], { id: 't', text: 'Happy Birthday Mom!' });
    expect(text?.text).toBe('Happy Birthday M');
    expect(displayText({ text: 'best mom', convertText: 'uppercase', maxLength: 16 })).toBe(
      'BEST MOM',
    );
  });
  it('refuses a design with three texts on one print space', () => {
    const t = (id: string) => ({ type: 'text', id, left: 1, top: 1, width: 1, height: 1 });
    const result = PrintSpaceDesign.safeParse({
      printSpace: front,
      objects: [t('a'), t('b'), t('c')],
    });
    expect(result.success).toBe(false);
  });
});

describe('text width modes (spec §5)', () => {
  const box = { width: 400, scaleX: 1 };
  it('fixed keeps the old width and shrinks the glyphs to fit', () => {
    expect(fitText({ ...box, widthMode: 'fixed' }, 800, 1000)).toEqual({
      boxWidth: 400,
      glyphScale: 0.5,
    });
  });
  it('limited may shrink but not grow', () => {
    expect(fitText({ ...box, widthMode: 'limited' }, 300, 1000).boxWidth).toBe(300);
    expect(fitText({ ...box, widthMode: 'limited' }, 600, 1000)).toEqual({
      boxWidth: 400,
      glyphScale: 400 / 600,
    });
  });
  it('flexible follows the text but is never wider than the print width', () => {
    expect(fitText({ ...box, widthMode: 'flexible' }, 650, 1000).boxWidth).toBe(650);
    expect(fitText({ ...box, widthMode: 'flexible' }, 1500, 1000)).toEqual({
      boxWidth: 1000,
      glyphScale: 1000 / 1500,
    });
  });
});

describe('text alignment keeps the anchor (spec §4)', () => {
  const center = { left: 500, top: 300 };
  it('left keeps the left edge, right the right edge, center the centre', () => {
    expect(anchorTextCenter('left', center, 200, 400)).toEqual({ left: 600, top: 300 });
    expect(anchorTextCenter('right', center, 200, 400)).toEqual({ left: 400, top: 300 });
    expect(anchorTextCenter('center', center, 200, 400)).toEqual(center);
  });
  it('grows along the baseline of rotated text', () => {
    const moved = anchorTextCenter('left', center, 200, 400, 90);
    expect(moved.left).toBeCloseTo(500);
    expect(moved.top).toBeCloseTo(400);
  });
  it('editing a left-aligned flexible text keeps its left edge', () => {
    const text = TextObject.parse({
      type: 'text',
      id: 't',
      text: 'Hi',
      left: 200,
      top: 100,
      width: 100,
      height: 120,
      textAlign: 'left',
      widthMode: 'flexible',
    });
    const edited = editText(text, 'Hello there', 1000, (s) => s.length * 50);
    expect(edited.width).toBe(550);
    expect(edited.left - edited.width / 2).toBe(150);
  });
});

describe('restricted mode (spec §4, §5)', () => {
  const area = { width: 1000, height: 1000 };
  it('clamps an unrotated object dragged outside back inside the print rectangle', () => {
    const moved = clampToPrintArea(image({ left: 1100, top: -50 }), area);
    expect(moved.left).toBe(500);
    expect(moved.top).toBe(250);
    expect(isInsidePrintArea(objectBox(moved), area)).toBe(true);
  });
  it('leaves a rotated object where it was dropped', () => {
    const rotated = image({ left: 1100, angle: 30 });
    expect(clampToPrintArea(rotated, area).left).toBe(1100);
  });
  it('caps scaling so the object never exceeds the print rectangle', () => {
    expect(
      capScaleToPrintArea({ width: 1000, height: 500 }, { scaleX: 2, scaleY: 2 }, area),
    ).toEqual({ scaleX: 1, scaleY: 1 });
    expect(
      capScaleToPrintArea({ width: 100, height: 100 }, { scaleX: 3, scaleY: 3 }, area),
    ).toEqual({ scaleX: 3, scaleY: 3 });
  });
  it('locks rotation', () => {
    expect(applyRotation(0, 45, true)).toBe(0);
    expect(applyRotation(0, 45, false)).toBe(45);
  });
});

describe('image resolution (spec §5)', () => {
  it('caps the scale at DPI/minDPI = 2 by default', () => {
    expect(capObjectScale({ scaleX: 3, scaleY: 3 }, square)).toEqual({ scaleX: 2, scaleY: 2 });
    expect(capObjectScale({ scaleX: 1.5, scaleY: 1.5 }, square)).toEqual({
      scaleX: 1.5,
      scaleY: 1.5,
    });
    expect(capObjectScale({ scaleX: 4, scaleY: 2 }, { DPI: 300, minDPI: 100 })).toEqual({
      scaleX: 3,
      scaleY: 1.5,
    });
  });
  it('labels the design by its lowest DPI: good ≥ 225, low < 150, else normal', () => {
    const design = (scale: number, locked = false) =>
      PrintSpaceDesign.parse({
        printSpace: square,
        objects: [image({ scaleX: scale, scaleY: scale, locked }), image({ id: 'b' })],
      });
    expect(designQuality(design(1)).label).toBe('good');
    expect(designQuality(design(300 / 225)).label).toBe('good');
    expect(designQuality(design(1.5)).label).toBe('normal');
    expect(designQuality(design(1.5)).lowestDpi).toBe(200);
    expect(designQuality(design(2.5)).label).toBe('low');
  });
  it('counts locked objects and 3D full-print designs as full DPI', () => {
    const low = PrintSpaceDesign.parse({
      printSpace: square,
      objects: [image({ scaleX: 2.5, scaleY: 2.5 })],
    });
    expect(designQuality(low, 2)).toEqual({ lowestDpi: 300, label: 'good' });
    expect(designQuality({ ...low, lockEdit: true }).label).toBe('good');
    const locked = PrintSpaceDesign.parse({
      printSpace: square,
      objects: [image({ scaleX: 2.5, scaleY: 2.5, locked: true })],
    });
    expect(designQuality(locked).label).toBe('good');
  });
});

describe('snapping (spec §5)', () => {
  const area = { width: 1000, height: 1000 };
  it('snaps to the centre lines within 100 units', () => {
    expect(snapToCenter({ left: 590, top: 401 }, area)).toMatchObject({ left: 500, top: 500 });
    expect(snapToCenter({ left: 600, top: 399 }, area)).toMatchObject({
      left: 500,
      top: 399,
      snappedX: true,
      snappedY: false,
    });
  });
  it('does not snap while Ctrl is held', () => {
    expect(snapToCenter({ left: 510, top: 510 }, area, { ctrlKey: true })).toMatchObject({
      left: 510,
      top: 510,
    });
  });
});

describe('replacement image (spec §5)', () => {
  it('reuses the placement when aspect ratios differ by under 0.005', () => {
    const current = image({ scaleX: 0.5, scaleY: 0.5, left: 300, angle: 10 });
    const plan = planImageReplacement(
      current,
      { src: 'new.png', width: 2008, height: 1004 },
      square,
    );
    expect(plan.kind).toBe('reuse');
    expect(plan.object.left).toBe(300);
    expect(plan.object.angle).toBe(10);
    expect(plan.object.width * plan.object.scaleX).toBeCloseTo(500);
  });
  it('replaces and fits when they differ by 0.005 or more', () => {
    const current = image({ scaleX: 0.5, scaleY: 0.5, left: 300 });
    const plan = planImageReplacement(
      current,
      { src: 'new.png', width: 2012, height: 1000 },
      square,
    );
    expect(plan.kind).toBe('replace');
    expect(plan.object.left).toBe(500);
    expect(plan.object.width * plan.object.scaleX).toBeCloseTo(1000);
  });
  it('never fits past the DPI cap', () => {
    const plan = planImageReplacement(image(), { src: 's.png', width: 100, height: 100 }, square);
    expect(plan.object.scaleX).toBe(2);
  });
  it('reports a broken image as Load img failed', () => {
    expect(() => planImageReplacement(image(), { src: 'x', width: 0, height: 0 }, square)).toThrow(
      'Load img failed',
    );
  });
});

describe('export sizes (spec §9)', () => {
  it('exports the design canvas at 1000, ×1.5 above aspect 1.5, ×3 for 3D full print', () => {
    expect(exportCanvasSize({ width: 4200, height: 4800 })).toEqual({ width: 875, height: 1000 });
    expect(exportCanvasSize({ width: 3000, height: 1000 })).toEqual({ width: 1500, height: 500 });
    expect(exportCanvasSize({ width: 1000, height: 1000 }, 2)).toEqual({
      width: 3000,
      height: 3000,
    });
  });
  it('keeps PNG exports to 1920 on the long side unless native', () => {
    expect(pngExportSize({ width: 4200, height: 4800 })).toEqual({ width: 1680, height: 1920 });
    expect(pngExportSize({ width: 4200, height: 4800 }, true)).toEqual({
      width: 4200,
      height: 4800,
    });
  });
  it('textures 3D models with a 1500 × 1875 design', () => {
    expect(design3dBlobSize()).toEqual({ width: 1500, height: 1875 });
  });
  it('renders mockups at most 2000, previews at 500', () => {
    expect(mockupOutputSize({ width: 1000, height: 1000 })).toEqual({ width: 2000, height: 2000 });
    expect(mockupOutputSize({ width: 1000, height: 800 }, { preview: true })).toEqual({
      width: 500,
      height: 400,
    });
    expect(mockupOutputSize({ width: 1000, height: 1000 }, { requested: 5000 })).toEqual({
      width: 2000,
      height: 2000,
    });
  });
});

describe('DesignDocument', () => {
  it('keys each print space by {templateId}_{printSpaceName}', () => {
    const ok = DesignDocument.safeParse({
      templateId: 12,
      printSpaces: { '12_front': { printSpace: front } },
    });
    expect(ok.success).toBe(true);
    const bad = DesignDocument.safeParse({
      templateId: 12,
      printSpaces: { front: { printSpace: front } },
    });
    expect(bad.success).toBe(false);
  });
});
