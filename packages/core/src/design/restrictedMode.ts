import { type Box, objectBox } from './DesignObject.js';

type Placed = {
  left: number;
  top: number;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
  angle: number;
};

/**
 * Restricted mode (spec §5): an unrotated object dragged past the print rectangle is pushed
 * back inside it. A rotated object is left where the seller put it (its corners are no longer
 * the box's). An object larger than the area is centred on that axis.
 */
export function clampToPrintArea<T extends Placed>(
  object: T,
  area: { width: number; height: number },
): T {
  if (object.angle % 360 !== 0) return object;
  const box = objectBox(object);
  return {
    ...object,
    left: clampAxis(object.left, box.width, area.width),
    top: clampAxis(object.top, box.height, area.height),
  };
}

function clampAxis(center: number, size: number, areaSize: number): number {
  if (size >= areaSize) return areaSize / 2;
  return Math.min(Math.max(center, size / 2), areaSize - size / 2);
}

/**
 * Restricted mode caps scaling so the object never exceeds the print rectangle (spec §5): the
 * requested scale is reduced, keeping the aspect ratio, until the drawn box fits.
 */
export function capScaleToPrintArea(
  object: { width: number; height: number },
  requested: { scaleX: number; scaleY: number },
  area: { width: number; height: number },
): { scaleX: number; scaleY: number } {
  const fit = Math.min(
    1,
    area.width / (object.width * requested.scaleX),
    area.height / (object.height * requested.scaleY),
  );
  return { scaleX: requested.scaleX * fit, scaleY: requested.scaleY * fit };
}

/** Rotation the canvas accepts: none in restricted mode (spec §4 "locks rotation"). */
export function applyRotation(current: number, requested: number, restricted: boolean): number {
  return restricted ? current : requested;
}

/** Whether a box lies wholly inside the print area. */
export function isInsidePrintArea(
  box: Box,
  area: { width: number; height: number },
  epsilon = 1e-6,
): boolean {
  return (
    box.left >= -epsilon &&
    box.top >= -epsilon &&
    box.left + box.width <= area.width + epsilon &&
    box.top + box.height <= area.height + epsilon
  );
}
