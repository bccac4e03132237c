import {
  createPrintSpace,
  type DesignObject,
  designQuality,
  isInsidePrintArea,
  objectBox,
  type PrintSpaceDesign,
} from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES, HISTORY_LIMIT } from './constants.js';
import {
  activeDesign,
  createEditorReducer,
  type EditorAction,
  type EditorState,
  hasArtwork,
  hasDesign,
  initialEditorState,
  selectedObject,
} from './editorReducer.js';
import { cornerPoint } from './geometry.js';

/** Half an em per character: enough to check widths without a canvas. */
const reducer = createEditorReducer({
  measure: (text, fontSize) => [...text].length * fontSize * 0.5,
});

const front = createPrintSpace(101, { name: 'front', width: 4200, height: 4800 });
const back = createPrintSpace(101, { name: 'back', width: 4200, height: 4800 });

function run(...actions: EditorAction[]): EditorState {
  let state: EditorState = reducer(initialEditorState, {
    type: 'sync',
    spaces: [
      { space: front, printType: 0 },
      { space: back, printType: 0 },
    ],
  });
  for (const action of actions) state = reducer(state, action);
  return state;
}

function then(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(reducer, state);
}

const design = (state: EditorState): PrintSpaceDesign => {
  const found = activeDesign(state);
  if (!found) throw new Error('no active design');
  return found;
};
const selected = (state: EditorState): DesignObject => {
  const found = selectedObject(state);
  if (!found) throw new Error('nothing selected');
  return found;
};
const image = (id: string, width = 4500, height = 4500): EditorAction => ({
  type: 'addImage',
  id,
  src: `/files/${id}.png`,
  width,
  height,
});

describe('texts (spec §5, §9)', () => {
  it('adds two texts and refuses the third with a message', () => {
    const state = run(
      { type: 'addText', id: 't1' },
      { type: 'addText', id: 't2' },
      { type: 'addText', id: 't3' },
    );
    expect(design(state).objects.map((o) => o.id)).toEqual(['t1', 't2']);
    expect(state.notice?.message).toBe(EDITOR_MESSAGES.textLimit);
    // The other print space has its own two.
    const other = then(state, { type: 'selectSpace', id: back.id }, { type: 'addText', id: 't3' });
    expect(design(other).objects).toHaveLength(1);
  });

  it("says 'Hello' across 80 % of the print width, centred", () => {
    const text = selected(run({ type: 'addText', id: 't1' }));
    expect(text).toMatchObject({ type: 'text', text: 'Hello', left: 2100, top: 2400 });
    expect(text.width).toBeCloseTo(4200 * 0.8);
    // 5 characters × half an em fill the box: the font grows from 100 to fit.
    if (text.type !== 'text') throw new Error('not a text');
    expect(text.fontSize * 2.5).toBeCloseTo(text.width);
  });

  it('refuses a 17th character and keeps the 16 it had', () => {
    const state = run(
      { type: 'addText', id: 't1' },
      { type: 'editText', id: 't1', patch: { text: 'Sixteen chars ok' } },
      { type: 'editText', id: 't1', patch: { text: 'Sixteen chars ok!' } },
    );
    expect(selected(state)).toMatchObject({ text: 'Sixteen chars ok' });
    expect(state.notice?.message).toBe(EDITOR_MESSAGES.textLength);
  });

  it('keeps a left-aligned text where its left edge was as it grows (spec §4)', () => {
    const start = run(
      { type: 'addText', id: 't1' },
      { type: 'editText', id: 't1', patch: { widthMode: 'flexible', textAlign: 'left' } },
    );
    const before = objectBox(selected(start));
    const after = objectBox(
      selected(then(start, { type: 'editText', id: 't1', patch: { text: 'Hello there' } })),
    );
    expect(after.left).toBeCloseTo(before.left);
    expect(after.width).toBeGreaterThan(before.width);
  });

  it('converts case and refuses a colour that is not #rgb or #rrggbb', () => {
    const state = run(
      { type: 'addText', id: 't1' },
      { type: 'editText', id: 't1', patch: { convertText: 'uppercase', fill: '#c00' } },
      { type: 'editText', id: 't1', patch: { fill: 'red' } },
    );
    expect(selected(state)).toMatchObject({ convertText: 'uppercase', fill: '#c00' });
    expect(state.notice?.message).toMatch(/#rgb or #rrggbb/);
  });

  it('never lets a text box grow past the print width', () => {
    const state = run(
      { type: 'addText', id: 't1' },
      { type: 'editText', id: 't1', patch: { widthMode: 'flexible' } },
      { type: 'editText', id: 't1', patch: { text: 'WWWWWWWWWWWWWWWW' } },
    );
    expect(selected(state).width).toBeLessThanOrEqual(4200);
  });
});

describe('loading and locking (spec §4)', () => {
  it('refuses new texts and images while the design loads', () => {
    const state = run(
      { type: 'setLoading', loading: true },
      { type: 'addText', id: 't1' },
      image('i1'),
    );
    expect(design(state).objects).toHaveLength(0);
    expect(state.notice?.message).toBe(EDITOR_MESSAGES.loading);
  });

  it('changes nothing on a locked canvas until it is unlocked', () => {
    const locked = run(image('i1'), { type: 'setLockEdit', value: true });
    const before = design(locked);
    const tried = then(
      locked,
      { type: 'nudge', dx: 100, dy: 0 },
      { type: 'remove' },
      { type: 'addText', id: 't1' },
      { type: 'resize', factor: 2 },
    );
    expect(design(tried)).toBe(before);
    expect(tried.notice?.message).toBe(EDITOR_MESSAGES.locked);
    const unlocked = then(tried, { type: 'setLockEdit', value: false }, { type: 'remove' });
    expect(design(unlocked).objects).toHaveLength(0);
  });

  it('tracks whether the canvas holds a design and artwork', () => {
    expect(hasDesign(design(run()))).toBe(false);
    const text = run({ type: 'addText', id: 't1' });
    expect([hasDesign(design(text)), hasArtwork(design(text))]).toEqual([true, false]);
    expect(hasArtwork(design(then(text, image('i1'))))).toBe(true);
  });
});

describe('dragging (spec §5)', () => {
  it('snaps to the centre lines within 100 units unless Ctrl is held', () => {
    const start = run(image('i1', 1000, 1000));
    const drag = (dx: number, ctrlKey: boolean) =>
      selected(
        then(start, {
          type: 'gesture',
          id: 'i1',
          gesture: { kind: 'move', start: { x: 2100, y: 2400 } },
          pointer: { x: 2100 + dx, y: 2400 + dx },
          modifiers: { ctrlKey },
        }),
      );
    expect(drag(90, false)).toMatchObject({ left: 2100, top: 2400 });
    expect(drag(90, true)).toMatchObject({ left: 2190, top: 2490 });
    expect(drag(150, false)).toMatchObject({ left: 2250, top: 2550 });
  });

  it('clamps an object dragged past the print edge in restricted mode', () => {
    const start = run(image('i1', 1000, 1000), { type: 'setRestricted', value: true });
    const moved = then(start, {
      type: 'gesture',
      id: 'i1',
      gesture: { kind: 'move', start: { x: 2100, y: 2400 } },
      pointer: { x: 9000, y: -5000 },
      modifiers: {},
    });
    const box = objectBox(selected(moved));
    expect(isInsidePrintArea(box, front)).toBe(true);
    expect(box.left + box.width).toBeCloseTo(4200);
    expect(box.top).toBeCloseTo(0);
  });

  it('lets an unrestricted object leave the print area', () => {
    const moved = run(image('i1', 1000, 1000), { type: 'nudge', dx: 5000, dy: 0 });
    expect(selected(moved).left).toBe(7100);
  });

  it('locks rotation in restricted mode, for drags and for keys', () => {
    const start = run(image('i1', 1000, 1000), { type: 'setRestricted', value: true });
    const dragged = then(start, {
      type: 'gesture',
      id: 'i1',
      gesture: { kind: 'rotate' },
      pointer: { x: 4000, y: 2400 },
      modifiers: {},
    });
    expect(selected(dragged).angle).toBe(0);
    const keyed = then(start, { type: 'rotateBy', degrees: 15 });
    expect(selected(keyed).angle).toBe(0);
    expect(keyed.notice?.message).toBe(EDITOR_MESSAGES.rotationLocked);
    const free = run(image('i1', 1000, 1000), {
      type: 'gesture',
      id: 'i1',
      gesture: { kind: 'rotate' },
      pointer: { x: 4000, y: 2400 },
      modifiers: {},
    });
    expect(selected(free).angle).toBe(90);
  });

  it('resizes from the opposite corner, which stays put', () => {
    const start = run(image('i1'), { type: 'rotateBy', degrees: 30 });
    const object = selected(start);
    const anchor = cornerPoint(object, 'tl');
    const corner = cornerPoint(object, 'br');
    const grown = selected(
      then(start, {
        type: 'gesture',
        id: 'i1',
        gesture: { kind: 'scale', corner: 'br' },
        pointer: {
          x: anchor.x + (corner.x - anchor.x) * 1.25,
          y: anchor.y + (corner.y - anchor.y) * 1.25,
        },
        modifiers: {},
      }),
    );
    expect(cornerPoint(grown, 'tl').x).toBeCloseTo(anchor.x);
    expect(cornerPoint(grown, 'tl').y).toBeCloseTo(anchor.y);
    expect(grown.scaleX / object.scaleX).toBeCloseTo(1.25);
  });
});

describe('image resolution (spec §5)', () => {
  it('drops from good to normal as an image grows, and stops at the minimum DPI', () => {
    // 4500 px across a 4200 print: fitted at 0.933, 321 DPI.
    let state = run(image('i1'));
    const quality = () => designQuality(design(state));
    expect(quality().label).toBe('good');
    state = then(state, { type: 'resize', factor: 1.3334 / selected(state).scaleX });
    expect(quality().label).toBe('normal');
    state = then(state, { type: 'resize', factor: 5 });
    expect(selected(state).scaleX).toBeCloseTo(2);
    expect(quality().lowestDpi).toBeCloseTo(150);
    expect(quality().label).toBe('normal');
  });

  it("shows 'low' when a smaller replacement of the same shape reuses the placement", () => {
    const start = run(image('i1'), { type: 'resize', factor: 2 / 0.9333 });
    const reused = then(start, {
      type: 'replaceImage',
      id: 'i1',
      src: '/files/small.png',
      width: 1500,
      height: 1500,
    });
    const object = selected(reused);
    expect(object).toMatchObject({ src: '/files/small.png', left: 2100, top: 2400 });
    expect(object.width * object.scaleX).toBeCloseTo(4500 * selected(start).scaleX);
    expect(designQuality(design(reused)).label).toBe('low');
  });

  it('fits a replacement of another shape afresh', () => {
    const start = run(image('i1', 1000, 1000), { type: 'nudge', dx: 300, dy: 0 });
    const replaced = selected(
      then(start, { type: 'replaceImage', id: 'i1', src: '/w.png', width: 2000, height: 1000 }),
    );
    expect(replaced).toMatchObject({ left: 2100, top: 2400, scaleX: 2, src: '/w.png' });
  });

  it("refuses an image without pixels with 'Load img failed'", () => {
    const state = run(image('i1', 0, 100));
    expect(design(state).objects).toHaveLength(0);
    expect(state.notice?.message).toBe('Load img failed');
  });
});

describe('undo, redo and layers', () => {
  it('undoes and redoes each change, and a new change drops the redo list', () => {
    const added = run(
      image('i1'),
      { type: 'nudge', dx: 10, dy: 0 },
      { type: 'nudge', dx: 0, dy: 100 },
    );
    expect(selected(added)).toMatchObject({ left: 2110, top: 2500 });
    const undone = then(added, { type: 'undo' }, { type: 'undo' });
    expect(selected(undone)).toMatchObject({ left: 2100, top: 2400 });
    const redone = then(undone, { type: 'redo' });
    expect(selected(redone)).toMatchObject({ left: 2110, top: 2400 });
    const branched = then(redone, { type: 'nudge', dx: -10, dy: 0 }, { type: 'redo' });
    expect(selected(branched)).toMatchObject({ left: 2100, top: 2400 });
    const empty = then(branched, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
    expect(design(empty).objects).toHaveLength(0);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let state = run(image('i1'));
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      state = then(state, { type: 'nudge', dx: 1, dy: 0 });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it('moves the selection up, down, to the top and to the bottom', () => {
    const ids = (state: EditorState) => design(state).objects.map((o) => o.id);
    const state = run(image('a', 10, 10), image('b', 10, 10), { type: 'addText', id: 'c' });
    expect(ids(then(state, { type: 'reorder', to: 'down' }))).toEqual(['a', 'c', 'b']);
    expect(ids(then(state, { type: 'reorder', to: 'bottom' }))).toEqual(['c', 'a', 'b']);
    const top = then(state, { type: 'select', id: 'a' }, { type: 'reorder', to: 'top' });
    expect(ids(top)).toEqual(['b', 'c', 'a']);
    expect(then(top, { type: 'reorder', to: 'up' })).toBe(top);
  });

  it('deletes the selection and counts every change as a new revision', () => {
    const state = run(image('i1'));
    const removed = then(state, { type: 'remove' });
    expect(design(removed).objects).toHaveLength(0);
    expect(removed.selected).toBeNull();
    expect(removed.revision).toBeGreaterThan(state.revision);
  });

  it('loads saved designs afresh, without history, and keeps them on a later sync', () => {
    const saved: PrintSpaceDesign = {
      printSpace: front,
      objects: [],
      background: '#ffeecc',
      restricted: true,
      lockEdit: false,
    };
    const state = then(run(image('i1')), {
      type: 'sync',
      spaces: [{ space: front, printType: 0 }],
      designs: { [front.id]: saved },
    });
    expect(state.designs[front.id]).toBe(saved);
    expect(state.past).toHaveLength(0);
    expect(Object.keys(state.designs)).toEqual([front.id]);
    const again = then(state, { type: 'sync', spaces: [{ space: front, printType: 0 }] });
    expect(again).toBe(state);
  });

  it('refuses a background colour that is not #rgb or #rrggbb', () => {
    const state = run(
      { type: 'setBackground', value: '#123' },
      { type: 'setBackground', value: 'blue' },
    );
    expect(design(state).background).toBe('#123');
    expect(state.notice?.message).toBe(EDITOR_MESSAGES.badBackground);
  });
});

describe('all-over print (print type 3, spec §3)', () => {
  const aop = (...actions: EditorAction[]) =>
    actions.reduce(
      reducer,
      reducer(initialEditorState, {
        type: 'sync',
        spaces: [
          { space: front, printType: 3 },
          { space: back, printType: 3 },
        ],
      }),
    );

  it('covers the whole pattern piece with a new image, edge to edge', () => {
    const added = selected(aop(image('wide', 6000, 3000)));
    const box = objectBox(added);
    expect(box.left).toBeLessThanOrEqual(0);
    expect(box.top).toBeCloseTo(0);
    expect(box.left + box.width).toBeGreaterThanOrEqual(4200);
    expect(box.top + box.height).toBeCloseTo(4800);
    // A regular print keeps the same image whole, leaving margins above and below.
    const regular = objectBox(selected(run(image('wide', 6000, 3000))));
    expect(regular.top).toBeGreaterThan(0);
    expect(regular.width).toBeLessThanOrEqual(4200 + 1e-6);
  });

  it('covers the piece again when a differently shaped image replaces it', () => {
    const state = aop(image('wide', 6000, 3000), {
      type: 'replaceImage',
      id: 'wide',
      src: '/files/tall.png',
      width: 1000,
      height: 4000,
    });
    const box = objectBox(selected(state));
    expect(box.left).toBeCloseTo(0);
    expect(box.width).toBeCloseTo(4200);
    expect(box.height).toBeGreaterThanOrEqual(4800);
  });
});
