import { type ArtworkField, type DesignObject, objectBox } from '@printloom/core';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useEditorArtwork } from '../api/hooks/usePersonalized.js';
import { BuyerFieldControl } from './BuyerFieldControl.js';
import { EDITOR_MAX_DISPLAY_WIDTH, EDITOR_MESSAGES, ROTATE_STEP, SCALE_STEP } from './constants.js';
import { type EditorStore, type LiveValue, useEditorState } from './createEditorStore.js';
import { DesignCanvas } from './DesignCanvas.js';
import { activeDesign, type EditorAction, selectedObject } from './editorReducer.js';
import { decodeImage, ImageLoadError, rememberImage } from './imageCache.js';
import { LayerList, layerLabel } from './LayerList.js';
import { newObjectId } from './newId.js';
import { QualityLabel } from './QualityLabel.js';
import { TextControls } from './TextControls.js';
import './editor.css';

export interface EditorSpaceTab {
  id: string;
  label: string;
}

export interface DesignEditorProps {
  store: EditorStore;
  live: LiveValue<DesignObject | null>;
  /** The print spaces of the product being edited, as tabs. */
  spaces: readonly EditorSpaceTab[];
  /** Uploads an image through the pre-signed flow and answers its address. */
  uploadImage(file: File): Promise<string>;
  /** The upload failed after its retries (spec §8 'Upload file failed'). */
  onUploadFailed(error: unknown): void;
  /**
   * The saved campaign whose design this is: a seller with personalised products then sees the
   * layers buyers fill in and marks them (issue 16). None for a campaign not saved yet.
   */
  campaignId?: number | null;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
/** A notice stays on screen this long. */
const NOTICE_MS = 5000;

function isTyping(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Width of the canvas: the column's width, at most the editor's maximum. */
function useColumnWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(EDITOR_MAX_DISPLAY_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const available = Math.floor(entry?.contentRect.width ?? EDITOR_MAX_DISPLAY_WIDTH);
      setWidth(Math.max(240, Math.min(EDITOR_MAX_DISPLAY_WIDTH, available)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The design editor (spec §4 Design canvas, §5): print-space tabs, a toolbar, the canvas with its
 * selection handles, the selected object's properties, the layers and the live quality label.
 * Everything the pointer does has a button or a key.
 */
export function DesignEditor({
  store,
  live,
  spaces,
  uploadImage,
  onUploadFailed,
  campaignId = null,
}: DesignEditorProps) {
  const id = useId();
  const design = useEditorState(store, activeDesign);
  const selected = useEditorState(store, selectedObject);
  const active = useEditorState(store, (s) => s.active);
  const loading = useEditorState(store, (s) => s.loading);
  const canUndo = useEditorState(store, (s) => s.past.length > 0);
  const canRedo = useEditorState(store, (s) => s.future.length > 0);
  const notice = useEditorState(store, (s) => s.notice);
  const [uploading, setUploading] = useState(false);
  const [shownNotice, setShownNotice] = useState<number | null>(null);
  const [backgroundDraft, setBackgroundDraft] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const replaceTarget = useRef<string | null>(null);
  const [columnRef, displayWidth] = useColumnWidth();
  const personalize = useEditorArtwork(campaignId, design?.printSpace.name ?? null);
  const artwork = personalize?.artwork ?? null;
  const buyerFields = useMemo(
    () => new Map<string, ArtworkField>((artwork?.fields ?? []).map((f) => [f.layer_id, f])),
    [artwork],
  );

  useEffect(() => {
    if (!notice) return;
    setShownNotice(notice.seq);
    const timer = setTimeout(() => setShownNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    setBackgroundDraft(design?.background ?? '');
  }, [design?.background]);

  const dispatch = (action: EditorAction) => store.dispatch(action);
  const locked = design?.lockEdit ?? false;
  const editable = !!selected && !locked && !selected.locked;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (isTyping(event.target) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) dispatch({ type: 'undo' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch({ type: 'redo' });
    else return;
    event.preventDefault();
  }

  function chooseImage(replace: string | null) {
    if (loading) return dispatch({ type: 'refuse', message: EDITOR_MESSAGES.loading });
    if (locked) return dispatch({ type: 'refuse', message: EDITOR_MESSAGES.locked });
    replaceTarget.current = replace;
    fileInput.current?.click();
  }

  async function onFile(file: File) {
    const replace = replaceTarget.current;
    setUploading(true);
    try {
      let decoded: Awaited<ReturnType<typeof decodeImage>>;
      try {
        decoded = await decodeImage(file);
      } catch (error) {
        dispatch({
          type: 'refuse',
          message: error instanceof ImageLoadError ? error.message : EDITOR_MESSAGES.loadImgFailed,
        });
        return;
      }
      let src: string;
      try {
        src = await uploadImage(file);
      } catch (error) {
        onUploadFailed(error);
        return;
      }
      rememberImage(src, decoded);
      const image = { src, width: decoded.width, height: decoded.height, name: file.name };
      dispatch(
        replace
          ? { type: 'replaceImage', id: replace, ...image }
          : { type: 'addImage', id: newObjectId('image'), ...image },
      );
    } finally {
      setUploading(false);
    }
  }

  const box = selected ? objectBox(selected) : null;
  const selectionText =
    selected && box
      ? `Selected: ${layerLabel(selected)}, ${Math.round(box.width)} × ${Math.round(box.height)} print pixels, centre at ${Math.round(selected.left)}, ${Math.round(selected.top)}${selected.angle ? `, turned ${selected.angle}°` : ''}.`
      : 'Nothing selected.';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z / Ctrl+Y anywhere in the editor
    <div
      className="design-editor"
      onKeyDown={onKeyDown}
      data-testid="design-editor"
      data-loading={loading}
    >
      {spaces.length > 1 && (
        <div className="nav nav-tabs mb-2" role="tablist" aria-label="Print spaces">
          {spaces.map((space) => (
            <button
              key={space.id}
              type="button"
              role="tab"
              aria-selected={space.id === active}
              className={`nav-link ${space.id === active ? 'active' : ''}`}
              onClick={() => dispatch({ type: 'selectSpace', id: space.id })}
            >
              {space.label}
            </button>
          ))}
        </div>
      )}
      <div
        className="editor-toolbar d-flex flex-wrap gap-1 mb-2"
        role="toolbar"
        aria-label="Design tools"
      >
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => dispatch({ type: 'addText', id: newObjectId('text') })}
          aria-disabled={loading || locked}
        >
          Add text
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          data-tour="upload-button"
          onClick={() => chooseImage(null)}
          disabled={uploading}
          aria-disabled={loading || locked}
        >
          {uploading ? 'Uploading…' : 'Add image'}
        </button>
        {/* Always there, so selecting an image never shifts the canvas under the pointer. */}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => selected?.type === 'image' && chooseImage(selected.id)}
          disabled={uploading || !editable || selected?.type !== 'image'}
        >
          Replace image
        </button>
        <span className="vr mx-1" />
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'undo' })}
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'redo' })}
          disabled={!canRedo}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
        >
          Redo
        </button>
        <span className="vr mx-1" />
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'reorder', to: 'up' })}
          disabled={!selected || locked}
          aria-keyshortcuts="PageUp"
        >
          Forward
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'reorder', to: 'down' })}
          disabled={!selected || locked}
          aria-keyshortcuts="PageDown"
        >
          Backward
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'resize', factor: 1 / SCALE_STEP })}
          disabled={!editable}
          aria-keyshortcuts="-"
        >
          Smaller
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'resize', factor: SCALE_STEP })}
          disabled={!editable}
          aria-keyshortcuts="+"
        >
          Larger
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'rotateBy', degrees: -ROTATE_STEP })}
          disabled={!editable || design?.restricted}
          aria-label={`Rotate left ${ROTATE_STEP}°`}
          aria-keyshortcuts="Shift+R"
        >
          ⟲ {ROTATE_STEP}°
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => dispatch({ type: 'rotateBy', degrees: ROTATE_STEP })}
          disabled={!editable || design?.restricted}
          aria-label={`Rotate right ${ROTATE_STEP}°`}
          aria-keyshortcuts="R"
        >
          ⟳ {ROTATE_STEP}°
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={() => dispatch({ type: 'remove' })}
          disabled={!editable}
          aria-keyshortcuts="Delete"
        >
          Delete
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES}
          className="d-none"
          data-testid="image-file-input"
          aria-label="Image file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onFile(file);
          }}
        />
      </div>
      <div className="row g-3">
        <div className="col-lg-7" ref={columnRef}>
          <DesignCanvas
            store={store}
            live={live}
            displayWidth={displayWidth}
            label={`Design of the ${spaces.find((s) => s.id === active)?.label ?? ''} print space`}
            describedBy={`${id}-help ${id}-selection`}
          />
          <div className="mt-2 d-flex flex-wrap justify-content-between gap-2">
            <QualityLabel store={store} live={live} />
            {loading && (
              <span className="small text-body-secondary" role="status">
                <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                Loading the design…
              </span>
            )}
          </div>
          <p className="visually-hidden" id={`${id}-selection`} aria-live="polite">
            {selectionText}
          </p>
          <p className="small text-body-secondary mt-2 mb-0" id={`${id}-help`}>
            Drag to move, corners to resize, the round handle to rotate; hold Ctrl to skip centre
            snapping. Keys on the canvas: arrows move (Shift: ×10), + and − resize, R rotates, [ and
            ] pick the next object, Page Up / Page Down change its layer, Delete removes it; Ctrl+Z
            undoes, Ctrl+Shift+Z or Ctrl+Y redoes.
          </p>
        </div>
        <div className="col-lg-5 vstack gap-3">
          <div className="vstack gap-1">
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${id}-restricted`}
                checked={design?.restricted ?? false}
                aria-checked={design?.restricted ?? false}
                disabled={!design || locked}
                onChange={(e) => dispatch({ type: 'setRestricted', value: e.target.checked })}
              />
              <label className="form-check-label small" htmlFor={`${id}-restricted`}>
                Keep objects inside the print area (locks rotation)
              </label>
            </div>
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${id}-lock`}
                checked={locked}
                aria-checked={locked}
                disabled={!design}
                onChange={(e) => dispatch({ type: 'setLockEdit', value: e.target.checked })}
              />
              <label className="form-check-label small" htmlFor={`${id}-lock`}>
                Lock this design
              </label>
            </div>
            <form
              className="input-group input-group-sm mt-1"
              onSubmit={(e) => {
                e.preventDefault();
                const value = backgroundDraft.trim();
                dispatch({ type: 'setBackground', value: value === '' ? null : value });
              }}
            >
              <label className="input-group-text" htmlFor={`${id}-background`}>
                Background
              </label>
              <input
                id={`${id}-background`}
                className="form-control"
                placeholder="none, or #rrggbb"
                value={backgroundDraft}
                disabled={!design || locked}
                onChange={(e) => setBackgroundDraft(e.target.value)}
              />
              <button
                type="submit"
                className="btn btn-outline-secondary"
                disabled={!design || locked}
              >
                Set
              </button>
            </form>
          </div>
          {selected?.type === 'text' && (
            <TextControls store={store} text={selected} disabled={!editable} />
          )}
          {selected?.type === 'image' && (
            <div className="small" data-testid="image-details">
              <div className="fw-semibold">Image</div>
              <div>
                {selected.width} × {selected.height} px, drawn at{' '}
                {Math.round(selected.width * selected.scaleX)} ×{' '}
                {Math.round(selected.height * selected.scaleY)} print pixels
              </div>
            </div>
          )}
          {selected && personalize?.ready && (
            <BuyerFieldControl
              key={`${personalize.printSpace}-${selected.id}`}
              object={selected}
              access={personalize}
            />
          )}
          <div>
            <h3 className="h6">Layers</h3>
            <LayerList
              store={store}
              objects={design?.objects ?? []}
              selected={selected?.id ?? null}
              buyerFields={buyerFields}
            />
          </div>
        </div>
      </div>
      <div aria-live="assertive" className="mt-2" data-testid="editor-notice">
        {notice && shownNotice === notice.seq && (
          <div className="alert alert-warning py-2 mb-0 small" role="alert">
            {notice.message}
          </div>
        )}
      </div>
    </div>
  );
}
