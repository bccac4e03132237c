import {
  Colour,
  capScaleToPrintArea,
  clampToPrintArea,
  createTextObject,
  type DesignObject,
  displayText,
  editText,
  ImageObject,
  isValidTextLength,
  type PrintSpace,
  type PrintSpaceDesign,
  placeImage,
  planImageReplacement,
  scaleObject,
  type TextCaseMode,
  type TextObject,
  type TextWidthMode,
} from '@printloom/core';
import { EDITOR_MESSAGES, HISTORY_LIMIT } from './constants.js';
import {
  type Gesture,
  gestureResult,
  type Modifiers,
  nudgeObject,
  type Point,
  resizeObject,
} from './geometry.js';

/**
 * The design editor's state machine (spec §4 Design canvas). One design per print space of every
 * product in the campaign, keyed by the print space id `{templateId}_{name}`.
 *
 * Modes: loading (design JSON and fonts loading: nothing new may be added), editable, and per
 * print space `lockEdit` (nothing changes) and `restricted` (objects kept inside the print area,
 * rotation locked). Every change of a design is one undo step; `revision` counts changes so the
 * mockup knows it is no longer exported. A refused change leaves the design as it was and sets
 * `notice` with the reason (the editor announces it).
 */

export interface EditorSnapshot {
  designs: Readonly<Record<string, PrintSpaceDesign>>;
  active: string | null;
  selected: string | null;
}

export interface EditorNotice {
  message: string;
  /** Grows with every notice, so the same refusal twice is announced twice. */
  seq: number;
}

export interface EditorState extends EditorSnapshot {
  /** Print space ids in tab order. */
  spaces: readonly string[];
  /** Print type of the product each print space belongs to (3D full print counts as full DPI). */
  printTypes: Readonly<Record<string, number>>;
  loading: boolean;
  past: readonly EditorSnapshot[];
  future: readonly EditorSnapshot[];
  notice: EditorNotice | null;
  revision: number;
}

export interface TextPatch {
  text?: string;
  convertText?: TextCaseMode | null;
  widthMode?: TextWidthMode;
  textAlign?: TextObject['textAlign'];
  font?: { family: string; url: string | null };
  fill?: string;
  displayStyle?: TextObject['displayStyle'];
}

export type ReorderTarget = 'up' | 'down' | 'top' | 'bottom';

export type EditorAction =
  /** Sets the print spaces; `designs` (a loaded campaign) replace theirs and clear history. */
  | {
      type: 'sync';
      spaces: ReadonlyArray<{ space: PrintSpace; printType: number }>;
      designs?: Readonly<Record<string, PrintSpaceDesign>>;
    }
  | { type: 'setLoading'; loading: boolean }
  | { type: 'selectSpace'; id: string }
  | { type: 'select'; id: string | null }
  | { type: 'addText'; id: string }
  | { type: 'addImage'; id: string; src: string; width: number; height: number; name?: string }
  | { type: 'replaceImage'; id: string; src: string; width: number; height: number; name?: string }
  | { type: 'editText'; id: string; patch: TextPatch }
  | { type: 'gesture'; id: string; gesture: Gesture; pointer: Point; modifiers: Modifiers }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'resize'; factor: number }
  | { type: 'rotateBy'; degrees: number }
  | { type: 'remove' }
  | { type: 'reorder'; to: ReorderTarget }
  | { type: 'setRestricted'; value: boolean }
  | { type: 'setLockEdit'; value: boolean }
  | { type: 'setBackground'; value: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'refuse'; message: string };

export interface EditorEnv {
  /** Width of `text` drawn at `fontSize` in the font of `object` (the canvas's measureText). */
  measure(text: string, fontSize: number, object: TextObject): number;
}

export const initialEditorState: EditorState = {
  designs: {},
  active: null,
  selected: null,
  spaces: [],
  printTypes: {},
  loading: false,
  past: [],
  future: [],
  notice: null,
  revision: 0,
};

/** A design with no objects on a print space. */
export function emptyDesign(space: PrintSpace): PrintSpaceDesign {
  return { printSpace: space, objects: [], restricted: false, lockEdit: false };
}

export function activeDesign(state: EditorState): PrintSpaceDesign | null {
  return state.active ? (state.designs[state.active] ?? null) : null;
}

/** The print type of the active print space (spec §3); all-over print (3) covers the space. */
export function printTypeOf(state: EditorState): number {
  return state.active ? (state.printTypes[state.active] ?? 0) : 0;
}

export function selectedObject(state: EditorState): DesignObject | null {
  const design = activeDesign(state);
  return design?.objects.find((o) => o.id === state.selected) ?? null;
}

/** spec §4: the canvas tracks whether it holds a design and whether that includes artwork. */
export function hasDesign(design: PrintSpaceDesign | null | undefined): boolean {
  return (design?.objects.length ?? 0) > 0;
}
export function hasArtwork(design: PrintSpaceDesign | null | undefined): boolean {
  return design?.objects.some((o) => o.type === 'image') ?? false;
}

/** '#rgb' or '#rrggbb' (spec §5), the rule of core's colour schema. */
function isHexColor(value: string): boolean {
  return Colour.shape.hex_code.safeParse(value).success;
}

function refuse(state: EditorState, message: string): EditorState {
  return { ...state, notice: { message, seq: (state.notice?.seq ?? 0) + 1 } };
}

function snapshot(state: EditorState): EditorSnapshot {
  return { designs: state.designs, active: state.active, selected: state.selected };
}

/** Commits a new design of the active print space as one undo step. */
function commit(
  state: EditorState,
  design: PrintSpaceDesign,
  selected: string | null = state.selected,
): EditorState {
  if (!state.active) return state;
  const current = state.designs[state.active];
  if (current === design && selected === state.selected) return state;
  if (current === design) return { ...state, selected };
  return {
    ...state,
    designs: { ...state.designs, [state.active]: design },
    selected,
    past: [...state.past, snapshot(state)].slice(-HISTORY_LIMIT),
    future: [],
    revision: state.revision + 1,
  };
}

function replaceObject(design: PrintSpaceDesign, object: DesignObject): PrintSpaceDesign {
  const index = design.objects.findIndex((o) => o.id === object.id);
  if (index < 0 || design.objects[index] === object) return design;
  const objects = design.objects.slice();
  objects[index] = object;
  return { ...design, objects };
}

/** Fits a new text's glyphs to its box: 'Hello' spans 80 % of the print width (spec §9). */
function sizeNewText(text: TextObject, env: EditorEnv): TextObject {
  const natural = env.measure(displayText(text), text.fontSize, text);
  if (!(natural > 0)) return text;
  const factor = text.width / natural;
  return { ...text, fontSize: text.fontSize * factor, height: text.height * factor };
}

function editTextObject(
  object: TextObject,
  patch: TextPatch,
  printWidth: number,
  env: EditorEnv,
): TextObject | string {
  let next: TextObject = object;
  if (patch.fill !== undefined) {
    if (!isHexColor(patch.fill)) return 'Write the text colour as #rgb or #rrggbb.';
    next = { ...next, fill: patch.fill };
  }
  if (patch.textAlign !== undefined) next = { ...next, textAlign: patch.textAlign };
  if (patch.widthMode !== undefined) next = { ...next, widthMode: patch.widthMode };
  if (patch.displayStyle !== undefined) next = { ...next, displayStyle: patch.displayStyle };
  if (patch.convertText !== undefined) {
    const { convertText: _dropped, ...rest } = next;
    next = patch.convertText === null ? rest : { ...rest, convertText: patch.convertText };
  }
  if (patch.font !== undefined) {
    const { fontUrl: _dropped, ...rest } = next;
    next =
      patch.font.url === null
        ? { ...rest, fontFamily: patch.font.family }
        : { ...rest, fontFamily: patch.font.family, fontUrl: patch.font.url };
  }
  const text = patch.text ?? next.text;
  if (!isValidTextLength(text, next.maxLength)) return EDITOR_MESSAGES.textLength;
  const refit =
    patch.text !== undefined || patch.convertText !== undefined || patch.font !== undefined;
  if (!refit) return next;
  const measured = next;
  return editText(next, text, printWidth, (t, size) => env.measure(t, size, measured));
}

function reorder(objects: readonly DesignObject[], id: string, to: ReorderTarget): DesignObject[] {
  const index = objects.findIndex((o) => o.id === id);
  const list = objects.slice();
  if (index < 0) return list;
  const [object] = list.splice(index, 1);
  if (!object) return objects.slice();
  const target =
    to === 'top'
      ? list.length
      : to === 'bottom'
        ? 0
        : to === 'up'
          ? Math.min(index + 1, list.length)
          : Math.max(index - 1, 0);
  list.splice(target, 0, object);
  return list;
}

/** Restricted mode on: objects are scaled down and pushed back inside the print area. */
function restrictAll(design: PrintSpaceDesign): PrintSpaceDesign {
  const restricted = { ...design, restricted: true };
  return {
    ...restricted,
    objects: design.objects.map((o) =>
      o.locked ? o : scaleObject(restricted, o, { scaleX: o.scaleX, scaleY: o.scaleY }),
    ),
  };
}

/**
 * Why the active design cannot change now, if it cannot: a locked canvas, or (for new objects)
 * a design still loading.
 */
function blocked(state: EditorState, adding = false): string | null {
  const design = activeDesign(state);
  if (!design) return EDITOR_MESSAGES.loading;
  if (adding && state.loading) return EDITOR_MESSAGES.loading;
  if (design.lockEdit) return EDITOR_MESSAGES.locked;
  return null;
}

/** Applies a change to the selected object, refusing it on a locked object. */
function withSelected(
  state: EditorState,
  change: (design: PrintSpaceDesign, object: DesignObject) => DesignObject,
): EditorState {
  const reason = blocked(state);
  if (reason) return refuse(state, reason);
  const design = activeDesign(state);
  const object = selectedObject(state);
  if (!design || !object) return refuse(state, EDITOR_MESSAGES.noSelection);
  if (object.locked) return refuse(state, EDITOR_MESSAGES.objectLocked);
  return commit(state, replaceObject(design, change(design, object)));
}

export function createEditorReducer(env: EditorEnv) {
  return function editorReducer(state: EditorState, action: EditorAction): EditorState {
    switch (action.type) {
      case 'sync': {
        const designs: Record<string, PrintSpaceDesign> = {};
        const printTypes: Record<string, number> = {};
        for (const { space, printType } of action.spaces) {
          designs[space.id] =
            action.designs?.[space.id] ?? state.designs[space.id] ?? emptyDesign(space);
          printTypes[space.id] = printType;
        }
        const spaces = action.spaces.map((s) => s.space.id);
        const active = state.active && designs[state.active] ? state.active : (spaces[0] ?? null);
        const loaded = action.designs !== undefined;
        const changed =
          loaded ||
          spaces.length !== state.spaces.length ||
          spaces.some((id, i) => id !== state.spaces[i] || designs[id] !== state.designs[id]);
        if (!changed) return state;
        return {
          ...state,
          designs,
          printTypes,
          spaces,
          active,
          selected: active === state.active ? state.selected : null,
          // History refers to print spaces that may be gone; a loaded campaign starts afresh.
          past: loaded ? [] : state.past.filter((s) => sameSpaces(s.designs, designs)),
          future: loaded ? [] : state.future.filter((s) => sameSpaces(s.designs, designs)),
          revision: state.revision + 1,
        };
      }
      case 'setLoading':
        return { ...state, loading: action.loading };
      case 'selectSpace':
        if (!state.designs[action.id] || action.id === state.active) return state;
        return { ...state, active: action.id, selected: null };
      case 'select': {
        const design = activeDesign(state);
        if (action.id !== null && !design?.objects.some((o) => o.id === action.id)) return state;
        return action.id === state.selected ? state : { ...state, selected: action.id };
      }
      case 'addText': {
        const reason = blocked(state, true);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        if (!design) return state;
        const created = createTextObject(design.printSpace, design.objects, {
          id: action.id,
          loading: state.loading,
        });
        if (!created) return refuse(state, EDITOR_MESSAGES.textLimit);
        let text = sizeNewText(created, env);
        if (design.restricted)
          text = scaleObject(design, text, { scaleX: text.scaleX, scaleY: text.scaleY });
        return commit(state, { ...design, objects: [...design.objects, text] }, text.id);
      }
      case 'addImage': {
        const reason = blocked(state, true);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        if (!design) return state;
        if (!(action.width > 0 && action.height > 0))
          return refuse(state, EDITOR_MESSAGES.loadImgFailed);
        const image = ImageObject.parse({
          type: 'image',
          id: action.id,
          src: action.src,
          width: action.width,
          height: action.height,
          ...(action.name ? { name: action.name } : {}),
          ...placeImage(action, design.printSpace, printTypeOf(state)),
        });
        return commit(state, { ...design, objects: [...design.objects, image] }, image.id);
      }
      case 'replaceImage': {
        return withSelected(state, (design, object) => {
          if (object.type !== 'image' || object.id !== action.id) return object;
          // A reused placement keeps its drawn size even past the DPI cap, so a lower
          // resolution replacement shows as 'low' rather than silently shrinking.
          const planned = planImageReplacement(
            object,
            action,
            design.printSpace,
            printTypeOf(state),
          ).object;
          const next = action.name ? { ...planned, name: action.name } : planned;
          if (!design.restricted) return next;
          const fit = capScaleToPrintArea(next, next, design.printSpace);
          return clampToPrintArea({ ...next, ...fit }, design.printSpace);
        });
      }
      case 'editText': {
        const reason = blocked(state);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        const object = design?.objects.find((o) => o.id === action.id);
        if (!design || object?.type !== 'text') return state;
        if (object.locked) return refuse(state, EDITOR_MESSAGES.objectLocked);
        const edited = editTextObject(object, action.patch, design.printSpace.width, env);
        if (typeof edited === 'string') return refuse(state, edited);
        const placed = design.restricted
          ? scaleObject(design, edited, { scaleX: edited.scaleX, scaleY: edited.scaleY })
          : edited;
        return commit(state, replaceObject(design, placed));
      }
      case 'gesture': {
        if (action.id !== state.selected) return state;
        return withSelected(state, (design, object) =>
          gestureResult(design, object, action.gesture, action.pointer, action.modifiers),
        );
      }
      case 'nudge':
        return withSelected(state, (design, object) =>
          nudgeObject(design, object, action.dx, action.dy),
        );
      case 'resize':
        return withSelected(state, (design, object) => resizeObject(design, object, action.factor));
      case 'rotateBy': {
        const design = activeDesign(state);
        if (design?.restricted) return refuse(state, EDITOR_MESSAGES.rotationLocked);
        return withSelected(state, (_design, object) => ({
          ...object,
          angle: (((object.angle + action.degrees) % 360) + 360) % 360,
        }));
      }
      case 'remove': {
        const reason = blocked(state);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        const object = selectedObject(state);
        if (!design || !object) return refuse(state, EDITOR_MESSAGES.noSelection);
        if (object.locked) return refuse(state, EDITOR_MESSAGES.objectLocked);
        return commit(
          state,
          { ...design, objects: design.objects.filter((o) => o.id !== object.id) },
          null,
        );
      }
      case 'reorder': {
        const reason = blocked(state);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        const object = selectedObject(state);
        if (!design || !object) return refuse(state, EDITOR_MESSAGES.noSelection);
        const objects = reorder(design.objects, object.id, action.to);
        if (objects.every((o, i) => o === design.objects[i])) return state;
        return commit(state, { ...design, objects });
      }
      case 'setRestricted': {
        const design = activeDesign(state);
        if (!design || design.restricted === action.value) return state;
        if (design.lockEdit) return refuse(state, EDITOR_MESSAGES.locked);
        return commit(state, action.value ? restrictAll(design) : { ...design, restricted: false });
      }
      case 'setLockEdit': {
        const design = activeDesign(state);
        if (!design || design.lockEdit === action.value) return state;
        return commit(state, { ...design, lockEdit: action.value });
      }
      case 'setBackground': {
        const reason = blocked(state);
        if (reason) return refuse(state, reason);
        const design = activeDesign(state);
        if (!design) return state;
        if (action.value !== null && !isHexColor(action.value))
          return refuse(state, EDITOR_MESSAGES.badBackground);
        const { background: _dropped, ...rest } = design;
        return commit(state, action.value === null ? rest : { ...rest, background: action.value });
      }
      case 'undo': {
        const previous = state.past.at(-1);
        if (!previous) return state;
        return {
          ...state,
          ...previous,
          past: state.past.slice(0, -1),
          future: [snapshot(state), ...state.future],
          revision: state.revision + 1,
        };
      }
      case 'redo': {
        const next = state.future[0];
        if (!next) return state;
        return {
          ...state,
          ...next,
          past: [...state.past, snapshot(state)],
          future: state.future.slice(1),
          revision: state.revision + 1,
        };
      }
      case 'refuse':
        return refuse(state, action.message);
      default:
        return state;
    }
  };
}

function sameSpaces(
  a: Readonly<Record<string, PrintSpaceDesign>>,
  b: Readonly<Record<string, PrintSpaceDesign>>,
): boolean {
  const keysA = Object.keys(a);
  return keysA.length === Object.keys(b).length && keysA.every((k) => k in b);
}
