import { type DesignObject, displayText } from '@printloom/core';
import type { EditorStore } from './createEditorStore.js';

/** What a layer is called in the list: its text, or its image's file name. */
export function layerLabel(object: DesignObject): string {
  if (object.type === 'text') return `Text “${displayText(object)}”`;
  const name = object.name ?? decodeURIComponent(object.src.split('/').pop() ?? 'image');
  return `Image ${name}`;
}

/** The objects of the print space, top layer first; a button selects each (keyboard access). */
export function LayerList({
  store,
  objects,
  selected,
}: {
  store: EditorStore;
  objects: readonly DesignObject[];
  selected: string | null;
}) {
  if (objects.length === 0) {
    return (
      <p className="small text-body-secondary mb-0">No objects yet: add a text or an image.</p>
    );
  }
  return (
    <ol className="list-group small" aria-label="Layers, top first" data-testid="layer-list">
      {[...objects].reverse().map((object) => (
        <li key={object.id} className="list-group-item p-0">
          <button
            type="button"
            className={`btn btn-sm w-100 text-start rounded-0 text-truncate ${
              object.id === selected ? 'btn-primary' : 'btn-link text-body text-decoration-none'
            }`}
            aria-pressed={object.id === selected}
            data-object-type={object.type}
            onClick={() => store.dispatch({ type: 'select', id: object.id })}
          >
            {layerLabel(object)}
          </button>
        </li>
      ))}
    </ol>
  );
}
