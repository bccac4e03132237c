import {
  CANVAS_STROKE_WIDTH,
  type DesignObject,
  type ImageObject,
  type PrintSpaceDesign,
} from '@printloom/core';
import { type DrawableImage, drawDesign } from '@printloom/renderer';
import { readStorage } from '../env/storage.js';
import {
  HANDLE_SIZE,
  NUDGE_SHIFT_FACTOR,
  NUDGE_STEP,
  ROTATE_STEP,
  SCALE_STEP,
} from './constants.js';
import { asContext2D } from './context2d.js';
import type { EditorStore, LiveValue } from './createEditorStore.js';
import { activeDesign, type EditorState } from './editorReducer.js';
import { fontFamilyFor, onFontReady } from './fonts.js';
import {
  type Frame,
  frameFor,
  type Gesture,
  gestureResult,
  type Handle,
  handleAt,
  handlePositions,
  hitTest,
  type Modifiers,
  type Point,
  snapGuides,
  toPrint,
  toScreen,
} from './geometry.js';
import { loadImage, onImageReady, peekImage } from './imageCache.js';

/** What the canvas shows of a drag while it runs; committed to the store when it ends. */
interface Drag {
  pointerId: number;
  objectId: string;
  /** The object as it was when the drag began. */
  start: DesignObject;
  gesture: Gesture;
  /** Canvas point (CSS pixels) where the drag began and where the pointer is now. */
  origin: Point;
  pointer: Point;
  modifiers: Modifiers;
  moved: boolean;
}

/** A drag must cover this many CSS pixels before it changes anything (a click only selects). */
const DRAG_THRESHOLD = 2;
/** Frame-time entries kept for the benchmark before the oldest are dropped. */
const MAX_FRAME_MEASURES = 2000;
export const FRAME_MEASURE_NAME = 'editor:frame';
/**
 * With this local-storage key set, each measured redraw ends with a one-pixel read-back, which
 * makes the browser rasterise the frame's drawing there and then: the measure then covers the
 * pixels, not only the recording of the drawing commands (the drag benchmark sets it).
 */
export const FLUSH_MEASURE_KEY = 'editor_perf_flush';

const CURSORS: Record<Handle, string> = {
  tl: 'nwse-resize',
  br: 'nwse-resize',
  tr: 'nesw-resize',
  bl: 'nesw-resize',
  rotate: 'grab',
};

const COLORS = {
  frameLight: '#e9ecef',
  frameDark: '#2b3035',
  paper: '#ffffff',
  outline: '#6c757d',
  guide: '#d63384',
  selection: '#0d6efd',
};

/**
 * Draws the active print space on a <canvas> and turns pointer and key input into editor
 * actions. Outside React on purpose: a drag redraws once per animation frame from the object as
 * dragged (the same core rules the reducer applies), and the store sees one action when the drag
 * ends, so React renders nothing per pointer move.
 */
function tracePolygon(ctx: CanvasRenderingContext2D, points: readonly Point[]): void {
  points.forEach((p, i) => {
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
}

export class CanvasController {
  private frame: Frame | null = null;
  private drag: Drag | null = null;
  private scheduled = 0;
  private guides = { x: false, y: false };
  private measures = 0;
  private readonly failed = new Set<string>();
  private readonly flushMeasures = readStorage(FLUSH_MEASURE_KEY) === '1';
  private readonly cleanup: Array<() => void> = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly store: EditorStore,
    private readonly live: LiveValue<DesignObject | null>,
    private displayWidth: number,
  ) {
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
    ) => {
      canvas.addEventListener(type, handler);
      this.cleanup.push(() => canvas.removeEventListener(type, handler));
    };
    on('pointerdown', (e) => this.pointerDown(e));
    on('pointermove', (e) => this.pointerMove(e));
    on('pointerup', (e) => this.pointerUp(e, true));
    on('pointercancel', (e) => this.pointerUp(e, false));
    on('lostpointercapture', (e) => this.pointerUp(e, true));
    on('keydown', (e) => this.keyDown(e));
    this.cleanup.push(store.subscribe(() => this.schedule()));
    this.cleanup.push(onImageReady(() => this.schedule()));
    this.cleanup.push(onFontReady(() => this.schedule()));
    this.resize();
  }

  dispose(): void {
    cancelAnimationFrame(this.scheduled);
    for (const undo of this.cleanup.splice(0)) undo();
  }

  setDisplayWidth(width: number): void {
    if (width === this.displayWidth) return;
    this.displayWidth = width;
    this.resize();
  }

  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(this.displayWidth * dpr);
    this.canvas.height = Math.round(this.displayWidth * dpr);
    this.canvas.style.width = `${this.displayWidth}px`;
    this.canvas.style.height = `${this.displayWidth}px`;
    this.draw();
  }

  private state(): EditorState {
    return this.store.getState();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = requestAnimationFrame(() => {
      this.scheduled = 0;
      const started = performance.now();
      this.draw();
      this.measure(started);
    });
  }

  private measure(started: number): void {
    if (!this.drag?.moved) return;
    if (this.flushMeasures) this.canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
    performance.measure(FRAME_MEASURE_NAME, { start: started, end: performance.now() });
    this.measures += 1;
    if (this.measures > MAX_FRAME_MEASURES) {
      performance.clearMeasures(FRAME_MEASURE_NAME);
      this.measures = 0;
    }
  }

  private localPoint(event: PointerEvent | MouseEvent): Point {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** The selected object, and whether the canvas lets it change. */
  private selection(): {
    design: PrintSpaceDesign;
    object: DesignObject | null;
    editable: boolean;
  } | null {
    const state = this.state();
    const design = activeDesign(state);
    if (!design) return null;
    const object = design.objects.find((o) => o.id === state.selected) ?? null;
    return { design, object, editable: !design.lockEdit && !(object?.locked ?? false) };
  }

  private pointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const current = this.selection();
    if (!current || !this.frame) return;
    this.canvas.focus();
    const point = this.localPoint(event);
    const { design } = current;
    let gesture: Gesture | null = null;
    let target: DesignObject | null = null;
    if (current.object && current.editable) {
      const handle = handleAt(this.frame, current.object, point, !design.restricted);
      if (handle) {
        target = current.object;
        gesture = handle === 'rotate' ? { kind: 'rotate' } : { kind: 'scale', corner: handle };
      }
    }
    if (!gesture) {
      target = hitTest(design.objects, toPrint(this.frame, point));
      this.store.dispatch({ type: 'select', id: target?.id ?? null });
      if (target && !design.lockEdit && !target.locked)
        gesture = { kind: 'move', start: toPrint(this.frame, point) };
    }
    if (!gesture || !target) return;
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    this.drag = {
      pointerId: event.pointerId,
      objectId: target.id,
      start: target,
      gesture,
      origin: point,
      pointer: point,
      modifiers: { ctrlKey: event.ctrlKey || event.metaKey, shiftKey: event.shiftKey },
      moved: false,
    };
  }

  private pointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag) {
      this.hover(this.localPoint(event));
      return;
    }
    if (event.pointerId !== drag.pointerId) return;
    drag.pointer = this.localPoint(event);
    drag.modifiers = { ctrlKey: event.ctrlKey || event.metaKey, shiftKey: event.shiftKey };
    if (
      !drag.moved &&
      Math.hypot(drag.pointer.x - drag.origin.x, drag.pointer.y - drag.origin.y) >= DRAG_THRESHOLD
    )
      drag.moved = true;
    if (drag.moved) this.schedule();
  }

  private pointerUp(event: PointerEvent, commit: boolean): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    this.guides = { x: false, y: false };
    this.live.set(null);
    if (this.canvas.hasPointerCapture(event.pointerId))
      this.canvas.releasePointerCapture(event.pointerId);
    if (commit && drag.moved && this.frame) {
      this.store.dispatch({
        type: 'gesture',
        id: drag.objectId,
        gesture: drag.gesture,
        pointer: toPrint(this.frame, drag.pointer),
        modifiers: drag.modifiers,
      });
    }
    this.schedule();
  }

  private hover(point: Point): void {
    const current = this.selection();
    if (!current || !this.frame) return;
    let cursor = 'default';
    if (current.object && current.editable) {
      const handle = handleAt(this.frame, current.object, point, !current.design.restricted);
      if (handle) cursor = CURSORS[handle];
    }
    if (cursor === 'default') {
      const hit = hitTest(current.design.objects, toPrint(this.frame, point));
      if (hit) cursor = current.design.lockEdit || hit.locked ? 'pointer' : 'move';
    }
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  private keyDown(event: KeyboardEvent): void {
    const state = this.state();
    const design = activeDesign(state);
    if (!design || event.ctrlKey || event.metaKey || event.altKey) return;
    const step = NUDGE_STEP * (event.shiftKey ? NUDGE_SHIFT_FACTOR : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    const dispatch = this.store.dispatch;
    if (move) dispatch({ type: 'nudge', dx: move[0], dy: move[1] });
    else if (event.key === 'Delete' || event.key === 'Backspace') dispatch({ type: 'remove' });
    else if (event.key === '+' || event.key === '=')
      dispatch({ type: 'resize', factor: SCALE_STEP });
    else if (event.key === '-' || event.key === '_')
      dispatch({ type: 'resize', factor: 1 / SCALE_STEP });
    else if (event.key === 'r') dispatch({ type: 'rotateBy', degrees: ROTATE_STEP });
    else if (event.key === 'R') dispatch({ type: 'rotateBy', degrees: -ROTATE_STEP });
    else if (event.key === 'PageUp') dispatch({ type: 'reorder', to: 'up' });
    else if (event.key === 'PageDown') dispatch({ type: 'reorder', to: 'down' });
    else if (event.key === 'Escape') dispatch({ type: 'select', id: null });
    else if (event.key === ']' || event.key === '[') {
      const ids = design.objects.map((o) => o.id);
      if (ids.length === 0) return;
      const at = state.selected ? ids.indexOf(state.selected) : -1;
      const next =
        event.key === ']' ? ids[(at + 1) % ids.length] : ids[(at <= 0 ? ids.length : at) - 1];
      dispatch({ type: 'select', id: next ?? null });
    } else return;
    event.preventDefault();
  }

  /** The design as shown: the dragged object where the pointer has it. */
  private shownDesign(design: PrintSpaceDesign): {
    design: PrintSpaceDesign;
    dragged: DesignObject | null;
  } {
    const drag = this.drag;
    if (!drag?.moved || !this.frame) return { design, dragged: null };
    const pointer = toPrint(this.frame, drag.pointer);
    const dragged = gestureResult(design, drag.start, drag.gesture, pointer, drag.modifiers);
    this.guides = snapGuides(design, drag.start, drag.gesture, pointer, drag.modifiers);
    this.live.set(dragged);
    return {
      design: {
        ...design,
        objects: design.objects.map((o) => (o.id === dragged.id ? dragged : o)),
      },
      dragged,
    };
  }

  /** Images not decoded yet are left out of the picture (and shown as placeholders). */
  private drawableImages(design: PrintSpaceDesign): {
    images: Map<string, DrawableImage>;
    waiting: ImageObject[];
  } {
    const images = new Map<string, DrawableImage>();
    const waiting: ImageObject[] = [];
    for (const object of design.objects) {
      if (object.type !== 'image') continue;
      const image = peekImage(object.src);
      if (image) {
        images.set(object.src, image.preview);
        continue;
      }
      waiting.push(object);
      if (!this.failed.has(object.src)) {
        loadImage(object.src).catch((error: unknown) => {
          this.failed.add(object.src);
          this.store.dispatch({
            type: 'refuse',
            message: error instanceof Error ? error.message : 'Load img failed',
          });
        });
      }
    }
    return { images, waiting };
  }

  draw(): void {
    const ctx = this.canvas.getContext('2d');
    const committed = activeDesign(this.state());
    if (!ctx) return;
    const dpr = this.canvas.width / this.displayWidth;
    const size = this.displayWidth;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const dark = document.documentElement.dataset.bsTheme === 'dark';
    const frameColor = dark ? COLORS.frameDark : COLORS.frameLight;
    ctx.fillStyle = frameColor;
    ctx.fillRect(0, 0, size, size);
    if (!committed) {
      this.frame = null;
      return;
    }
    const frame = frameFor(committed.printSpace, size);
    this.frame = frame;
    const { design, dragged } = this.shownDesign(committed);
    const space = design.printSpace;
    const area = {
      x: frame.offsetX,
      y: frame.offsetY,
      w: space.width * frame.scale,
      h: space.height * frame.scale,
    };

    ctx.fillStyle = COLORS.paper;
    ctx.fillRect(area.x, area.y, area.w, area.h);
    const { images, waiting } = this.drawableImages(design);
    const waitingIds = new Set(waiting.map((o) => o.id));
    ctx.save();
    ctx.translate(frame.offsetX, frame.offsetY);
    drawDesign(
      asContext2D(ctx),
      { ...design, objects: design.objects.filter((o) => !waitingIds.has(o.id)) },
      { images, fontFamily: fontFamilyFor },
      { scale: frame.scale },
    );
    ctx.restore();

    // What lies outside the print area will not be printed: it shows faded under the frame.
    ctx.save();
    ctx.globalAlpha = 0.65;
    ctx.fillStyle = frameColor;
    ctx.beginPath();
    ctx.rect(0, 0, size, size);
    ctx.rect(area.x, area.y, area.w, area.h);
    ctx.fill('evenodd');
    ctx.restore();

    ctx.save();
    ctx.lineWidth = CANVAS_STROKE_WIDTH;
    ctx.strokeStyle = COLORS.outline;
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(area.x, area.y, area.w, area.h);
    ctx.restore();

    for (const object of waiting) this.drawPlaceholder(ctx, frame, object);
    if (this.guides.x || this.guides.y) this.drawGuides(ctx, area);
    const selected = dragged ?? design.objects.find((o) => o.id === this.state().selected);
    if (selected) this.drawSelection(ctx, frame, design, selected);
    if (design.lockEdit) this.drawLockBadge(ctx);
  }

  private drawPlaceholder(ctx: CanvasRenderingContext2D, frame: Frame, object: DesignObject): void {
    const corners = (['tl', 'tr', 'br', 'bl'] as const).map(
      (c) => handlePositions(frame, object)[c],
    );
    ctx.save();
    ctx.setLineDash([4, 4]);
    ctx.strokeStyle = COLORS.outline;
    ctx.beginPath();
    tracePolygon(ctx, corners);
    ctx.closePath();
    ctx.stroke();
    const center = toScreen(frame, { x: object.left, y: object.top });
    ctx.fillStyle = COLORS.outline;
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(
      this.failed.has((object as ImageObject).src) ? 'Load img failed' : 'Loading…',
      center.x,
      center.y,
    );
    ctx.restore();
  }

  private drawGuides(
    ctx: CanvasRenderingContext2D,
    area: { x: number; y: number; w: number; h: number },
  ): void {
    ctx.save();
    ctx.strokeStyle = COLORS.guide;
    ctx.lineWidth = 1;
    ctx.beginPath();
    if (this.guides.x) {
      ctx.moveTo(area.x + area.w / 2, area.y);
      ctx.lineTo(area.x + area.w / 2, area.y + area.h);
    }
    if (this.guides.y) {
      ctx.moveTo(area.x, area.y + area.h / 2);
      ctx.lineTo(area.x + area.w, area.y + area.h / 2);
    }
    ctx.stroke();
    ctx.restore();
  }

  private drawSelection(
    ctx: CanvasRenderingContext2D,
    frame: Frame,
    design: PrintSpaceDesign,
    object: DesignObject,
  ): void {
    const handles = handlePositions(frame, object);
    const corners = [handles.tl, handles.tr, handles.br, handles.bl];
    ctx.save();
    ctx.strokeStyle = COLORS.selection;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    tracePolygon(ctx, corners);
    ctx.closePath();
    ctx.stroke();
    if (!design.lockEdit && !object.locked) {
      if (!design.restricted) {
        const top = { x: (handles.tl.x + handles.tr.x) / 2, y: (handles.tl.y + handles.tr.y) / 2 };
        ctx.beginPath();
        ctx.moveTo(top.x, top.y);
        ctx.lineTo(handles.rotate.x, handles.rotate.y);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(handles.rotate.x, handles.rotate.y, HANDLE_SIZE / 2, 0, Math.PI * 2);
        ctx.fillStyle = COLORS.paper;
        ctx.fill();
        ctx.stroke();
      }
      ctx.fillStyle = COLORS.paper;
      for (const p of corners) {
        ctx.fillRect(p.x - HANDLE_SIZE / 2, p.y - HANDLE_SIZE / 2, HANDLE_SIZE, HANDLE_SIZE);
        ctx.strokeRect(p.x - HANDLE_SIZE / 2, p.y - HANDLE_SIZE / 2, HANDLE_SIZE, HANDLE_SIZE);
      }
    }
    ctx.restore();
  }

  private drawLockBadge(ctx: CanvasRenderingContext2D): void {
    ctx.save();
    ctx.fillStyle = 'rgba(33, 37, 41, 0.8)';
    ctx.fillRect(8, 8, 68, 24);
    ctx.fillStyle = '#ffffff';
    ctx.font = '13px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillText('Locked', 18, 20);
    ctx.restore();
  }
}
