import { type Artwork, type ArtworkField, type DesignLayer, errorMessage } from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import {
  useArtworks,
  useClipartGroups,
  useDeleteArtwork,
  useDesignLayers,
  useSaveArtwork,
  useSellerFonts,
} from '../../api/hooks/usePersonalized.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { notifyError } from '../../toast/notify.js';
import { RelatedPages } from '../RelatedPages.js';
import {
  type ArtworkFieldErrors,
  ArtworkFieldInputs,
  artworkFieldErrors,
  isArtworkFieldComplete,
  namesArtworkField,
  newArtworkField,
} from './ArtworkFieldInputs.js';

type Editing = { artwork: Artwork | null };

const describeField = (field: ArtworkField) =>
  `${field.label} (${field.kind === 'text' ? `text, up to ${field.max_length}` : 'clipart'})`;

/**
 * Artworks (spec §2 /personalized/artworks, issue 16): personalisable designs. A print space of
 * a campaign's saved design gets buyer fields: a text layer the buyer rewrites (label, length,
 * the fonts and colours allowed) or an image layer they fill with a clipart of a group.
 */
export function ArtworksPage() {
  const artworks = useArtworks();
  const remove = useDeleteArtwork();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Artwork | null>(null);
  const list = artworks.data ?? [];

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setRemoving(null);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h3 mb-0">Artworks</h1>
        <RelatedPages pages={['personalized_home']} label="Start here" />
        {editing ? null : (
          <Button onClick={() => setEditing({ artwork: null })}>New artwork</Button>
        )}
      </div>
      <p className="text-body-secondary">
        Make a campaign's design personalisable: choose the texts a buyer may rewrite and the images
        they pick from one of your clipart groups. The campaign becomes a personalised campaign.
      </p>

      {editing ? (
        <ArtworkEditor
          key={editing.artwork?.id ?? 'new'}
          artwork={editing.artwork}
          onDone={() => setEditing(null)}
        />
      ) : null}

      <h2 className="h5 mt-4">Your artworks</h2>
      <ListLoadError error={artworks.error} onRetry={() => void artworks.refetch()} />
      {artworks.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading artworks…
        </p>
      ) : null}
      {artworks.data && list.length === 0 ? (
        <p className="text-center py-4 mb-0" data-testid="list-empty">
          No artworks yet. Choose "New artwork" to let buyers personalise a campaign's design.
        </p>
      ) : null}
      {list.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">Your artworks</caption>
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Print space</th>
                <th scope="col">Buyer fields</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((artwork) => (
                <tr key={artwork.id} data-testid="artwork-row">
                  <td>{artwork.campaign_name}</td>
                  <td>{artwork.print_space}</td>
                  <td className="small">{artwork.fields.map(describeField).join('; ')}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing({ artwork })}
                      aria-label={`Edit ${artwork.campaign_name} ${artwork.print_space}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRemoving(artwork)}
                      aria-label={`Delete ${artwork.campaign_name} ${artwork.print_space}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <ConfirmDialog
        show={removing !== null}
        title="Stop personalising this design?"
        confirmLabel="Delete artwork"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p className="mb-0">
          Buyers of {removing?.campaign_name} will no longer fill in the {removing?.print_space}{' '}
          design.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** A layer's field while editing: null when the layer is left as designed. */
type Draft = Record<string, ArtworkField | null>;

function ArtworkEditor({ artwork, onDone }: { artwork: Artwork | null; onDone: () => void }) {
  const id = useId();
  const campaigns = useCampaignList({ per_page: 100 }, artwork === null);
  const [campaignId, setCampaignId] = useState<number | null>(artwork?.campaign_id ?? null);
  const [printSpace, setPrintSpace] = useState<string>(artwork?.print_space ?? '');
  const layers = useDesignLayers(campaignId);
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries((artwork?.fields ?? []).map((f) => [f.layer_id, f])),
  );
  const save = useSaveArtwork();
  const spaces = [...new Set((layers.data ?? []).map((l) => l.print_space))];
  const space = printSpace || spaces[0] || '';
  const spaceLayers = (layers.data ?? []).filter((l) => l.print_space === space);
  const fields = spaceLayers.flatMap((l) =>
    draft[l.layer_id] ? [draft[l.layer_id] as ArtworkField] : [],
  );

  const incomplete = !fields.every(isArtworkFieldComplete);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (campaignId === null) return;
    try {
      await save.mutateAsync({
        id: artwork?.id ?? null,
        body: { campaign_id: campaignId, print_space: space, fields },
      });
      onDone();
    } catch {
      // Shown below.
    }
  }

  return (
    <Form
      className="card card-body mb-3"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 className="h5" id={`${id}-title`}>
        {artwork ? `Edit ${artwork.campaign_name} (${artwork.print_space})` : 'New artwork'}
      </h2>
      {artwork ? null : (
        <div className="row g-2 mb-3">
          <div className="col-md-6">
            <Form.Label htmlFor={`${id}-campaign`}>Campaign</Form.Label>
            <Form.Select
              id={`${id}-campaign`}
              value={campaignId ?? ''}
              onChange={(event) => {
                setCampaignId(event.target.value ? Number(event.target.value) : null);
                setPrintSpace('');
                setDraft({});
                save.reset();
              }}
            >
              <option value="">Choose a campaign</option>
              {(campaigns.data?.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </div>
          {spaces.length > 1 ? (
            <div className="col-md-6">
              <Form.Label htmlFor={`${id}-space`}>Print space</Form.Label>
              <Form.Select
                id={`${id}-space`}
                value={space}
                onChange={(event) => {
                  setPrintSpace(event.target.value);
                  setDraft({});
                }}
              >
                {spaces.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </Form.Select>
            </div>
          ) : null}
        </div>
      )}
      <ListLoadError error={layers.error} onRetry={() => void layers.refetch()} />
      {campaignId !== null && layers.isPending ? (
        <p role="status" className="text-body-secondary">
          Loading the design…
        </p>
      ) : null}
      {layers.data && spaceLayers.length === 0 ? (
        <p data-testid="no-layers">
          This campaign has no saved design with layers yet. Design it in the campaign editor first.
        </p>
      ) : null}
      <div className="vstack gap-3">
        {spaceLayers.map((layer) => (
          <LayerField
            key={`${layer.print_space}-${layer.layer_id}`}
            layer={layer}
            field={draft[layer.layer_id] ?? null}
            onChange={(field) => setDraft((d) => ({ ...d, [layer.layer_id]: field }))}
            errors={artworkFieldErrors(
              save.error,
              (save.variables?.body.fields ?? []).findIndex((f) => f.layer_id === layer.layer_id),
            )}
          />
        ))}
      </div>
      {save.isError && !namesArtworkField(save.error) ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {errorMessage(save.error)}
        </div>
      ) : null}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={fields.length === 0 || incomplete || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save artwork'}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function LayerField({
  layer,
  field,
  onChange,
  errors,
}: {
  layer: DesignLayer;
  field: ArtworkField | null;
  onChange: (field: ArtworkField | null) => void;
  errors: ArtworkFieldErrors;
}) {
  const id = useId();
  const fonts = useSellerFonts();
  const groups = useClipartGroups();
  const isText = layer.type === 'text';
  const title = isText ? `Text “${layer.content}”` : `Image ${layer.layer_id}`;
  return (
    <fieldset className="border rounded p-3" data-testid="layer-field">
      <legend className="h6 float-none w-auto px-1 mb-0">{title}</legend>
      <Form.Check
        id={`${id}-on`}
        type="switch"
        label={isText ? 'The buyer can change this text' : 'The buyer picks a clipart here'}
        checked={field !== null}
        onChange={(event) =>
          onChange(event.target.checked ? newArtworkField(layer, groups.data ?? []) : null)
        }
      />
      {field ? (
        <ArtworkFieldInputs
          id={id}
          field={field}
          onChange={onChange}
          fonts={fonts.data ?? []}
          groups={groups.data ?? []}
          errors={errors}
        />
      ) : null}
    </fieldset>
  );
}
