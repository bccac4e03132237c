import { createPrintSpace, type DesignObject, ImageObject } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { HANDLE_SIZE } from './constants.js';
import {
  containsPoint,
  frameFor,
  handleAt,
  handlePositions,
  hitTest,
  toPrint,
  toScreen,
} from './geometry.js';
import { initialMockupState, mockupTransition } from './mockupState.js';

const space = createPrintSpace(101, { name: 'front', width: 4200, height: 4800 });
const image = (id: string, extra: Partial<DesignObject> = {}): DesignObject =>
  ImageObject.parse({
    type: 'image',
    id,
    src: `/${id}.png`,
    left: 2100,
    top: 2400,
    width: 1000,
    height: 500,
    ...extra,
  });

describe('editor frame (spec §9 canvas display scale)', () => {
  it('centres the print area in a square frame 1.4 times its longest side', () => {
    const frame = frameFor(space, 672);
    expect(frame.scale).toBeCloseTo(672 / (1.4 * 4800));
    expect(frame.offsetY).toBeCloseTo((672 - 480) / 2);
    expect(frame.offsetX).toBeCloseTo((672 - 420) / 2);
    const corner = toScreen(frame, { x: 4200, y: 4800 });
    expect(toPrint(frame, corner)).toEqual({ x: expect.closeTo(4200), y: expect.closeTo(4800) });
  });
});

describe('hit testing', () => {
  it('finds the topmost object under a point, following its rotation', () => {
    const below = image('below', { width: 3000, height: 3000 });
    const turned = image('turned', { angle: 90 });
    expect(hitTest([below, turned], { x: 2100, y: 2800 })?.id).toBe('turned');
    // 1000 wide turned by 90° reaches 500 up and down, 250 left and right.
    expect(containsPoint(turned, { x: 2500, y: 2400 })).toBe(false);
    expect(hitTest([below, turned], { x: 2500, y: 2400 })?.id).toBe('below');
    expect(hitTest([below, turned], { x: 10, y: 10 })).toBeNull();
  });

  it('finds corner handles, and the rotation handle only where rotation is allowed', () => {
    const frame = frameFor(space, 672);
    const object = image('a');
    const at = handlePositions(frame, object);
    expect(handleAt(frame, object, at.br, true)).toBe('br');
    expect(handleAt(frame, object, { x: at.tl.x + HANDLE_SIZE / 3, y: at.tl.y }, true)).toBe('tl');
    expect(handleAt(frame, object, at.rotate, true)).toBe('rotate');
    expect(handleAt(frame, object, at.rotate, false)).toBeNull();
  });
});

describe('mockup state (spec §4 Mockup)', () => {
  it('is not exported after a design change and exported once its PNG exists', () => {
    const changed = mockupTransition(initialMockupState, {
      type: 'designChanged',
      hasDesign: true,
    });
    expect(changed).toEqual({ hasDesign: true, exported: false });
    const exported = mockupTransition(changed, { type: 'exported' });
    expect(exported).toEqual({ hasDesign: true, exported: true });
    expect(mockupTransition(exported, { type: 'designChanged', hasDesign: true }).exported).toBe(
      false,
    );
    expect(mockupTransition(exported, { type: 'exported' })).toBe(exported);
  });
});
