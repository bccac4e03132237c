import {
  canvasDisplayScale,
  clampToPrintArea,
  type DesignObject,
  moveObject,
  type PrintSpaceDesign,
  rotateObject,
  scaleObject,
  snapToCenter,
} from '@printloom/core';
import { HANDLE_SIZE, ROTATE_HANDLE_OFFSET, ROTATE_STEP } from './constants.js';

/**
 * Editor geometry on top of core's design rules: where the print area sits in the editor frame,
 * which object or handle a pointer is on, and what a drag does to an object. Pure functions:
 * the canvas previews a drag with them and the reducer commits the same result.
 */

export interface Point {
  x: number;
  y: number;
}

/** The square editor frame (CSS pixels) and where the print area sits in it. */
export interface Frame {
  size: number;
  /** CSS pixels per print pixel (spec §9 canvas display scale). */
  scale: number;
  offsetX: number;
  offsetY: number;
}

type Space = PrintSpaceDesign['printSpace'];
type Design = Pick<PrintSpaceDesign, 'printSpace' | 'restricted' | 'lockEdit'>;

/** The frame is `displayWidth` square; the print area is centred in it at the display scale. */
export function frameFor(space: Space, displayWidth: number): Frame {
  const scale = canvasDisplayScale(displayWidth, space);
  return {
    size: displayWidth,
    scale,
    offsetX: (displayWidth - space.width * scale) / 2,
    offsetY: (displayWidth - space.height * scale) / 2,
  };
}

export function toPrint(frame: Frame, point: Point): Point {
  return { x: (point.x - frame.offsetX) / frame.scale, y: (point.y - frame.offsetY) / frame.scale };
}

export function toScreen(frame: Frame, point: Point): Point {
  return { x: frame.offsetX + point.x * frame.scale, y: frame.offsetY + point.y * frame.scale };
}

function rotate(v: Point, degrees: number): Point {
  if (degrees === 0) return v;
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { x: v.x * cos - v.y * sin, y: v.x * sin + v.y * cos };
}

/** Half the drawn width and height of an object. */
export function halfSize(object: DesignObject): Point {
  return { x: (object.width * object.scaleX) / 2, y: (object.height * object.scaleY) / 2 };
}

export type Corner = 'tl' | 'tr' | 'br' | 'bl';
export type Handle = Corner | 'rotate';
export const CORNERS: readonly Corner[] = ['tl', 'tr', 'br', 'bl'];
const CORNER_SIGNS: Record<Corner, Point> = {
  tl: { x: -1, y: -1 },
  tr: { x: 1, y: -1 },
  br: { x: 1, y: 1 },
  bl: { x: -1, y: 1 },
};

/** A corner of an object's rotated box, in print pixels. */
export function cornerPoint(object: DesignObject, corner: Corner): Point {
  const half = halfSize(object);
  const sign = CORNER_SIGNS[corner];
  const offset = rotate({ x: sign.x * half.x, y: sign.y * half.y }, object.angle);
  return { x: object.left + offset.x, y: object.top + offset.y };
}

/** Whether a print-space point lies on an object (its rotated box). */
export function containsPoint(object: DesignObject, point: Point): boolean {
  const local = rotate({ x: point.x - object.left, y: point.y - object.top }, -object.angle);
  const half = halfSize(object);
  return Math.abs(local.x) <= half.x && Math.abs(local.y) <= half.y;
}

/** The topmost object under a print-space point. */
export function hitTest(objects: readonly DesignObject[], point: Point): DesignObject | null {
  for (let i = objects.length - 1; i >= 0; i--) {
    const object = objects[i];
    if (object && containsPoint(object, point)) return object;
  }
  return null;
}

/** Where an object's handles are drawn, in CSS pixels of the canvas. */
export function handlePositions(frame: Frame, object: DesignObject): Record<Handle, Point> {
  const corners = Object.fromEntries(
    CORNERS.map((corner) => [corner, toScreen(frame, cornerPoint(object, corner))]),
  ) as Record<Corner, Point>;
  const topMid = { x: (corners.tl.x + corners.tr.x) / 2, y: (corners.tl.y + corners.tr.y) / 2 };
  const up = rotate({ x: 0, y: -1 }, object.angle);
  return {
    ...corners,
    rotate: {
      x: topMid.x + up.x * ROTATE_HANDLE_OFFSET,
      y: topMid.y + up.y * ROTATE_HANDLE_OFFSET,
    },
  };
}

/** The handle under a canvas point; rotation only when the design allows it. */
export function handleAt(
  frame: Frame,
  object: DesignObject,
  point: Point,
  allowRotate: boolean,
): Handle | null {
  const positions = handlePositions(frame, object);
  const reach = HANDLE_SIZE * 0.75;
  const handles: Handle[] = allowRotate ? ['rotate', ...CORNERS] : [...CORNERS];
  for (const handle of handles) {
    const at = positions[handle];
    if (Math.abs(point.x - at.x) <= reach && Math.abs(point.y - at.y) <= reach) return handle;
  }
  return null;
}

function canEdit(design: Design, object: DesignObject): boolean {
  return !design.lockEdit && !object.locked;
}

/** Smallest drawn side an object may be resized to, in print pixels. */
const MIN_DRAWN_SIDE = 4;

/**
 * Resizes an object by `factor`, keeping the point `anchor` (relative to its centre, in its own
 * unrotated axes) where it is: the opposite corner for a handle drag, the centre for a key press.
 * The factor goes through core's scaleObject (the DPI cap for images, the print-area cap in
 * restricted mode). A text is resized through its font size and box, never its x/y scale, so its
 * glyphs keep their proportions in the renderer.
 */
export function resizeObject(
  design: Design,
  object: DesignObject,
  factor: number,
  anchor: Point = { x: 0, y: 0 },
): DesignObject {
  if (!canEdit(design, object) || !(factor > 0)) return object;
  const half = halfSize(object);
  const minFactor = MIN_DRAWN_SIDE / (2 * Math.max(Math.min(half.x, half.y), 1e-9));
  const wanted = Math.max(factor, minFactor);
  const scaled = scaleObject(design, object, {
    scaleX: object.scaleX * wanted,
    scaleY: object.scaleY * wanted,
  });
  const f = scaled.scaleX / object.scaleX;
  const shift = rotate({ x: anchor.x * (1 - f), y: anchor.y * (1 - f) }, object.angle);
  const center = { left: object.left + shift.x, top: object.top + shift.y };
  const resized: DesignObject =
    object.type === 'text'
      ? {
          ...object,
          ...center,
          fontSize: object.fontSize * f,
          width: object.width * f,
          height: object.height * f,
          ...(object.textWidth !== undefined ? { textWidth: object.textWidth * f } : {}),
        }
      : // core's capped scale as is: recomputing it from f could land a hair past the DPI cap.
        { ...object, ...center, scaleX: scaled.scaleX, scaleY: scaled.scaleY };
  return design.restricted ? clampToPrintArea(resized, design.printSpace) : resized;
}

/** A pointer drag on the canvas, started on an object or one of its handles. */
export type Gesture =
  | { kind: 'move'; start: Point }
  | { kind: 'scale'; corner: Corner }
  | { kind: 'rotate' };

export interface Modifiers {
  ctrlKey?: boolean;
  shiftKey?: boolean;
}

/**
 * What a drag does to `object` (as it was when the drag began) with the pointer at `pointer`
 * (print pixels): move with snapping and restricted clamping, resize from the opposite corner,
 * or rotate towards the pointer (Shift snaps to 15°). Locked objects and canvases do not change.
 */
export function gestureResult(
  design: Design,
  object: DesignObject,
  gesture: Gesture,
  pointer: Point,
  modifiers: Modifiers = {},
): DesignObject {
  if (!canEdit(design, object)) return object;
  if (gesture.kind === 'move') {
    const to = {
      left: object.left + pointer.x - gesture.start.x,
      top: object.top + pointer.y - gesture.start.y,
    };
    return moveObject(design, object, to, { ctrlKey: modifiers.ctrlKey ?? false });
  }
  if (gesture.kind === 'scale') {
    const half = halfSize(object);
    const sign = CORNER_SIGNS[gesture.corner];
    const anchor = { x: -sign.x * half.x, y: -sign.y * half.y };
    const diagonal = { x: 2 * sign.x * half.x, y: 2 * sign.y * half.y };
    const local = rotate({ x: pointer.x - object.left, y: pointer.y - object.top }, -object.angle);
    const length = diagonal.x ** 2 + diagonal.y ** 2;
    if (!(length > 0)) return object;
    const factor = ((local.x - anchor.x) * diagonal.x + (local.y - anchor.y) * diagonal.y) / length;
    return resizeObject(design, object, factor, anchor);
  }
  let angle = (Math.atan2(pointer.y - object.top, pointer.x - object.left) * 180) / Math.PI + 90;
  if (modifiers.shiftKey) angle = Math.round(angle / ROTATE_STEP) * ROTATE_STEP;
  angle = ((angle % 360) + 360) % 360;
  return rotateObject(design, object, Math.round(angle * 100) / 100);
}

/** Which centre lines a move drag snapped to, for the guides (spec §5: Ctrl disables). */
export function snapGuides(
  design: Design,
  object: DesignObject,
  gesture: Gesture,
  pointer: Point,
  modifiers: Modifiers = {},
): { x: boolean; y: boolean } {
  if (gesture.kind !== 'move' || !canEdit(design, object)) return { x: false, y: false };
  const snapped = snapToCenter(
    {
      left: object.left + pointer.x - gesture.start.x,
      top: object.top + pointer.y - gesture.start.y,
    },
    design.printSpace,
    { ctrlKey: modifiers.ctrlKey ?? false },
  );
  return { x: snapped.snappedX, y: snapped.snappedY };
}

/** A key-press move: no snapping (it would pull a small step back to the centre). */
export function nudgeObject(
  design: Design,
  object: DesignObject,
  dx: number,
  dy: number,
): DesignObject {
  return moveObject(
    design,
    object,
    { left: object.left + dx, top: object.top + dy },
    { ctrlKey: true },
  );
}
