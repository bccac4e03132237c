import type { PrintSpaceDesign } from './DesignDocument.js';
import type { DesignObject } from './DesignObject.js';
import { capObjectScale } from './imagePlacement.js';
import { applyRotation, capScaleToPrintArea, clampToPrintArea } from './restrictedMode.js';
import { snapToCenter } from './snapToCenter.js';

type Design = Pick<PrintSpaceDesign, 'printSpace' | 'restricted' | 'lockEdit'>;

function canEdit(design: Design, object: DesignObject): boolean {
  return !design.lockEdit && !object.locked;
}

/**
 * Where an object lands when the seller drags it to `to` (its centre): snapped to the centre
 * lines within 100 units unless Ctrl is held, then, in restricted mode, pushed back inside the
 * print rectangle. A locked object or canvas does not move. Returns the new object.
 */
export function moveObject<T extends DesignObject>(
  design: Design,
  object: T,
  to: { left: number; top: number },
  options: { ctrlKey?: boolean } = {},
): T {
  if (!canEdit(design, object)) return object;
  const snapped = snapToCenter(to, design.printSpace, options);
  const moved = { ...object, left: snapped.left, top: snapped.top };
  return design.restricted ? clampToPrintArea(moved, design.printSpace) : moved;
}

/**
 * The scale an object takes when the seller resizes it: an image never past the DPI cap
 * (effective DPI ≥ minDPI), and in restricted mode never larger than the print rectangle.
 */
export function scaleObject<T extends DesignObject>(
  design: Design,
  object: T,
  requested: { scaleX: number; scaleY: number },
): T {
  if (!canEdit(design, object)) return object;
  let scale = requested;
  if (object.type === 'image') scale = capObjectScale(scale, design.printSpace);
  if (design.restricted) scale = capScaleToPrintArea(object, scale, design.printSpace);
  const scaled = { ...object, ...scale };
  return design.restricted ? clampToPrintArea(scaled, design.printSpace) : scaled;
}

/** The angle an object takes when the seller rotates it: unchanged in restricted mode. */
export function rotateObject<T extends DesignObject>(design: Design, object: T, angle: number): T {
  if (!canEdit(design, object)) return object;
  return { ...object, angle: applyRotation(object.angle, angle, design.restricted) };
}
