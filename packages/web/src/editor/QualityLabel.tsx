import { type DesignObject, designQuality, type QualityLabel as Label } from '@printloom/core';
import { useMemo } from 'react';
import { useStore } from '../state/useStore.js';
import { type EditorStore, type LiveValue, useEditorState } from './createEditorStore.js';
import { activeDesign, hasArtwork } from './editorReducer.js';

const VARIANTS: Record<Label, string> = { good: 'success', normal: 'warning', low: 'danger' };

/**
 * Print quality of the active print space (spec §5), live while an image is being resized:
 * 'good' from the average of DPI and minimum DPI up, 'low' under the minimum, 'normal' between.
 */
export function QualityLabel({
  store,
  live,
}: {
  store: EditorStore;
  live: LiveValue<DesignObject | null>;
}) {
  const design = useEditorState(store, activeDesign);
  const printType = useEditorState(store, (s) => (s.active ? (s.printTypes[s.active] ?? 0) : 0));
  const dragged = useStore(live);
  const quality = useMemo(() => {
    if (!design) return null;
    const shown = dragged
      ? { ...design, objects: design.objects.map((o) => (o.id === dragged.id ? dragged : o)) }
      : design;
    return { ...designQuality(shown, printType), artwork: hasArtwork(shown) };
  }, [design, dragged, printType]);
  if (!quality) return null;
  // Whole DPI, rounded down, so the number never reads as a threshold the label is not on.
  const dpi = Math.floor(quality.lowestDpi + 1e-9);
  return (
    <div
      className="d-flex align-items-center gap-2 small"
      data-testid="quality-label"
      data-quality={quality.label}
      data-dpi={dpi}
    >
      <span>Print quality</span>
      <span className={`badge text-bg-${VARIANTS[quality.label]}`}>{quality.label}</span>
      <span className="text-body-secondary">
        {dpi} DPI{quality.artwork ? '' : ' (no images yet)'}
      </span>
    </div>
  );
}
