import { type ArtworkField, type DesignObject, errorMessage } from '@printloom/core';
import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  type EditorArtwork,
  useClipartGroups,
  useDeleteArtwork,
  useSaveArtwork,
  useSellerFonts,
} from '../api/hooks/usePersonalized.js';
import {
  ArtworkFieldInputs,
  artworkFieldErrors,
  isArtworkFieldComplete,
  namesArtworkField,
  newArtworkField,
} from '../pages/personalized/ArtworkFieldInputs.js';

/** What a layer's badge in the layer list says: who fills it in, and the label they see. */
export function buyerFieldBadge(field: ArtworkField): string {
  return `${field.kind === 'text' ? 'Buyer edits' : 'Clipart choice'}: ${field.label}`;
}

/** The fields of the artwork with `field` in place of the layer's own (or without it when null), in the design's layer order. */
function withField(
  access: EditorArtwork,
  layerId: string,
  field: ArtworkField | null,
): ArtworkField[] {
  const others = (access.artwork?.fields ?? []).filter((f) => f.layer_id !== layerId);
  const fields = field ? [...others, field] : others;
  const order = access.savedLayers.map((l) => l.layer_id);
  return fields.sort((a, b) => order.indexOf(a.layer_id) - order.indexOf(b.layer_id));
}

/**
 * Issue 16 in the design editor: the selected layer of a saved campaign's design made a buyer
 * field (a text the buyer rewrites, an image they fill with a clipart of a group) or left as
 * designed. Saved into the print space's artwork: created with the first field, updated after,
 * deleted with the last one.
 */
export function BuyerFieldControl({
  object,
  access,
}: {
  object: DesignObject;
  access: EditorArtwork;
}) {
  const id = useId();
  const isText = object.type === 'text';
  const saved = access.artwork?.fields.find((f) => f.layer_id === object.id) ?? null;
  const [draft, setDraft] = useState<ArtworkField | null>(null);
  const [done, setDone] = useState('');
  const switchRef = useRef<HTMLInputElement>(null);
  const fonts = useSellerFonts();
  const groups = useClipartGroups();
  const save = useSaveArtwork();
  const remove = useDeleteArtwork();
  const busy = save.isPending || remove.isPending;
  const inSavedDesign = access.savedLayers.some(
    (l) => l.layer_id === object.id && l.type === object.type,
  );
  const switchLabel = isText ? 'Buyer can edit this text' : 'Buyer picks a clipart';

  if (!inSavedDesign && !saved) {
    return (
      <p className="small text-body-secondary mb-0" data-testid="buyer-field-unsaved">
        {isText
          ? 'Save the campaign to let the buyer edit this text.'
          : 'Save the campaign to let the buyer pick a clipart here.'}
      </p>
    );
  }

  /** Closes the form; the focus goes back to the switch, which stays. */
  function close() {
    save.reset();
    setDraft(null);
    switchRef.current?.focus();
  }

  function open(field: ArtworkField) {
    save.reset();
    remove.reset();
    setDone('');
    setDraft(field);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!draft || !isArtworkFieldComplete(draft)) return;
    try {
      await save.mutateAsync({
        id: access.artwork?.id ?? null,
        body: {
          campaign_id: access.campaignId,
          print_space: access.printSpace,
          fields: withField(access, object.id, draft),
        },
      });
      setDraft(null);
      switchRef.current?.focus();
      setDone(isText ? 'The buyer can edit this text.' : 'The buyer picks a clipart here.');
    } catch {
      // Shown at the fields, or above them.
    }
  }

  async function turnOff() {
    save.reset();
    setDraft(null);
    if (!saved || !access.artwork) return;
    const fields = withField(access, object.id, null);
    try {
      if (fields.length === 0) await remove.mutateAsync(access.artwork.id);
      else
        await save.mutateAsync({
          id: access.artwork.id,
          body: { campaign_id: access.campaignId, print_space: access.printSpace, fields },
        });
      setDone(
        `${isText ? 'The text is kept as designed.' : 'The image is kept as designed.'}${
          fields.length === 0 ? ' Buyers no longer personalise this print space.' : ''
        }`,
      );
    } catch {
      // Shown below.
    }
  }

  const sent = save.variables?.body.fields ?? [];
  const errors = artworkFieldErrors(
    save.error,
    sent.findIndex((f) => f.layer_id === object.id),
  );
  const failure = remove.error ?? (namesArtworkField(save.error) ? null : save.error);

  return (
    <section className="vstack gap-1" aria-labelledby={`${id}-title`} data-testid="buyer-field">
      <h3 className="h6 mb-0" id={`${id}-title`}>
        Personalisation
      </h3>
      <Form.Check
        ref={switchRef}
        id={`${id}-on`}
        type="switch"
        role="switch"
        className="small"
        label={switchLabel}
        checked={saved !== null || draft !== null}
        disabled={busy}
        onChange={(event) => {
          if (event.target.checked)
            open(saved ?? newArtworkField(layerOf(object), groups.data ?? []));
          else void turnOff();
        }}
      />
      {saved && !draft ? (
        <div className="d-flex align-items-center gap-2 small">
          <span>
            {saved.kind === 'text'
              ? `“${saved.label}”, up to ${saved.max_length} characters`
              : `“${saved.label}”, from ${
                  groups.data?.find((g) => g.id === saved.group_id)?.name ?? 'a clipart group'
                }`}
          </span>
          <Button size="sm" variant="outline-primary" onClick={() => open(saved)} disabled={busy}>
            Change
          </Button>
        </div>
      ) : null}
      {draft ? (
        <Form
          className="border rounded p-2 small"
          noValidate
          aria-label={isText ? 'Buyer text settings' : 'Clipart choice settings'}
          onSubmit={(event) => void submit(event)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <ArtworkFieldInputs
            id={id}
            field={draft}
            onChange={setDraft}
            fonts={fonts.data ?? []}
            groups={groups.data ?? []}
            errors={errors}
            compact
          />
          <div className="d-flex gap-2 mt-2">
            <Button type="submit" size="sm" disabled={busy || !isArtworkFieldComplete(draft)}>
              {save.isPending ? 'Saving…' : 'Save buyer field'}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : null}
      {failure ? (
        <div className="alert alert-danger py-1 px-2 mb-0 small" role="alert">
          {errorMessage(failure)}
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {done}
      </p>
    </section>
  );
}

function layerOf(object: DesignObject) {
  return {
    layer_id: object.id,
    type: object.type,
    content: object.type === 'text' ? object.text : object.src,
  };
}
