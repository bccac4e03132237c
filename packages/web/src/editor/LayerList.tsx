import { type ArtworkField, type DesignObject, displayText } from '@printloom/core';
import { useId } from 'react';
import { buyerFieldBadge } from './BuyerFieldControl.js';
import type { EditorStore } from './createEditorStore.js';

/** What a layer is called in the list: its text, or its image's file name. */
export function layerLabel(object: DesignObject): string {
  if (object.type === 'text') return `Text “${displayText(object)}”`;
  const name = object.name ?? decodeURIComponent(object.src.split('/').pop() ?? 'image');
  return `Image ${name}`;
}

/**
 * The objects of the print space, top layer first; a button selects each (keyboard access). A
 * layer the buyer fills in (a field of the print space's artwork) carries a badge with its label.
 */
export function LayerList({
  store,
  objects,
  selected,
  buyerFields,
}: {
  store: EditorStore;
  objects: readonly DesignObject[];
  selected: string | null;
  /** The artwork's fields by layer id, when the seller personalises this design. */
  buyerFields?: ReadonlyMap<string, ArtworkField>;
}) {
  const id = useId();
  if (objects.length === 0) {
    return (
      <p className="small text-body-secondary mb-0">No objects yet: add a text or an image.</p>
    );
  }
  return (
    <ol className="list-group small" aria-label="Layers, top first" data-testid="layer-list">
      {[...objects].reverse().map((object, index) => {
        const field = buyerFields?.get(object.id);
        const badgeId = `${id}-buyer-${index}`;
        return (
          <li key={object.id} className="list-group-item p-0 d-flex align-items-center">
            <button
              type="button"
              className={`btn btn-sm flex-grow-1 layer-button text-start rounded-0 text-truncate ${
                object.id === selected ? 'btn-primary' : 'btn-link text-body text-decoration-none'
              }`}
              aria-pressed={object.id === selected}
              aria-describedby={field ? badgeId : undefined}
              data-object-type={object.type}
              onClick={() => store.dispatch({ type: 'select', id: object.id })}
            >
              {layerLabel(object)}
            </button>
            {field ? (
              <span
                id={badgeId}
                role="note"
                aria-label={buyerFieldBadge(field)}
                className={`badge mx-2 flex-shrink-0 text-truncate layer-buyer-badge ${
                  field.kind === 'text' ? 'text-bg-info' : 'text-bg-warning'
                }`}
                data-testid="buyer-field-badge"
              >
                {buyerFieldBadge(field)}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
