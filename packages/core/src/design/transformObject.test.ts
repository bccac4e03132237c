import { describe, expect, it } from 'vitest';
import { createPrintSpace, ImageObject, moveObject, rotateObject, scaleObject } from './index.js';

const printSpace = createPrintSpace(7, { name: 'front', width: 1000, height: 1000 });
const free = { printSpace, restricted: false, lockEdit: false };
const restricted = { ...free, restricted: true };
const image = ImageObject.parse({
  type: 'image',
  id: 'a',
  src: 'a.png',
  left: 300,
  top: 300,
  width: 400,
  height: 200,
});

describe('moving an object', () => {
  it('snaps to the centre within 100 units, not while Ctrl is held', () => {
    expect(moveObject(free, image, { left: 560, top: 200 })).toMatchObject({ left: 500, top: 200 });
    expect(moveObject(free, image, { left: 560, top: 200 }, { ctrlKey: true })).toMatchObject({
      left: 560,
    });
  });
  it('may leave the print area freely but not in restricted mode', () => {
    expect(moveObject(free, image, { left: 1200, top: 300 }).left).toBe(1200);
    expect(moveObject(restricted, image, { left: 1200, top: 300 }).left).toBe(800);
  });
  it('does not move a locked object or anything on a locked canvas', () => {
    expect(moveObject(free, { ...image, locked: true }, { left: 900, top: 900 }).left).toBe(300);
    expect(moveObject({ ...free, lockEdit: true }, image, { left: 900, top: 900 }).left).toBe(300);
  });
});

describe('scaling and rotating an object', () => {
  it('caps an image at DPI/minDPI = 2', () => {
    expect(scaleObject(free, image, { scaleX: 3, scaleY: 3 })).toMatchObject({
      scaleX: 2,
      scaleY: 2,
    });
  });
  it('in restricted mode keeps it inside the print rectangle', () => {
    const scaled = scaleObject(
      restricted,
      { ...image, left: 500, top: 500 },
      { scaleX: 2, scaleY: 2 },
    );
    expect(scaled.width * scaled.scaleX).toBeLessThanOrEqual(1000);
    expect(scaled.left - (scaled.width * scaled.scaleX) / 2).toBeGreaterThanOrEqual(0);
  });
  it('locks rotation in restricted mode', () => {
    expect(rotateObject(free, image, 30).angle).toBe(30);
    expect(rotateObject(restricted, image, 30).angle).toBe(0);
  });
});
