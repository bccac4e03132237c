import { SNAP_DISTANCE } from './constants.js';

/**
 * Snapping while dragging (spec §5): an object's centre within 100 units of the print area's
 * vertical or horizontal centre line jumps onto it, unless Ctrl is held.
 */
export function snapToCenter(
  position: { left: number; top: number },
  area: { width: number; height: number },
  options: { ctrlKey?: boolean; distance?: number } = {},
): { left: number; top: number; snappedX: boolean; snappedY: boolean } {
  const distance = options.distance ?? SNAP_DISTANCE;
  if (options.ctrlKey) return { ...position, snappedX: false, snappedY: false };
  const cx = area.width / 2;
  const cy = area.height / 2;
  const snappedX = Math.abs(position.left - cx) <= distance;
  const snappedY = Math.abs(position.top - cy) <= distance;
  return {
    left: snappedX ? cx : position.left,
    top: snappedY ? cy : position.top,
    snappedX,
    snappedY,
  };
}
