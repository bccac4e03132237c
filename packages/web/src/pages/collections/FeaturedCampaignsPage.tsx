import { type CollectionCampaign, can, pagePath } from '@printloom/core';
import { type DragEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCollection, useSetFeaturedCampaigns } from '../../api/hooks/useCollections.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/** Moves the item at `from` to `to` (both indexes of the same list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * Featured Campaigns (spec §2 /collections/{id}/featured-campaigns): the campaigns the store
 * shows first in this collection, in order. Rows are dragged with the mouse, or moved with the
 * Up and Down buttons (keyboard: Tab to a button, Enter); every move is announced. Other
 * campaigns of the collection are featured or unfeatured with one button.
 */
export function FeaturedCampaignsPage() {
  const title = usePageTitle();
  const id = Number(useParams().id ?? 0);
  const collection = useCollection(id);
  const save = useSetFeaturedCampaigns(id);
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const [featured, setFeatured] = useState<CollectionCampaign[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (collection.data) {
      setFeatured(collection.data.campaigns.filter((c) => c.featured));
      setDirty(false);
    }
  }, [collection.data]);

  const featuredIds = new Set(featured.map((c) => c.id));
  const others = (collection.data?.campaigns ?? []).filter((c) => !featuredIds.has(c.id));
  const change = (next: CollectionCampaign[], message: string) => {
    setFeatured(next);
    setAnnouncement(message);
    setDirty(true);
    save.reset();
  };
  const move = (from: number, to: number) => {
    const item = featured[from];
    if (!item || to < 0 || to >= featured.length || from === to) return;
    change(
      moveItem(featured, from, to),
      `${item.name} moved to position ${to + 1} of ${featured.length}.`,
    );
  };
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}
          {collection.data ? `: ${collection.data.name}` : ''}
        </h1>
        <Link to={pagePath('collection_edit', { id })} className="btn btn-outline-secondary btn-sm">
          Edit collection
        </Link>
      </div>
      <FormError error={collection.error ?? save.error} />
      <div className="visually-hidden" aria-live="polite" data-testid="order-announcement">
        {announcement}
      </div>
      <p className="text-body-secondary" id="featured-help">
        Drag a campaign to reorder it, or use its Up and Down buttons. Featured campaigns come first
        in the collection, in this order.
      </p>
      <ol
        className="list-group list-group-numbered mb-3"
        aria-describedby="featured-help"
        data-testid="featured-list"
      >
        {featured.map((campaign, index) => (
          <li
            key={campaign.id}
            className={`list-group-item d-flex align-items-center gap-2 ${dragging === index ? 'opacity-50' : ''}`}
            draggable={mayChange}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(campaign.id));
              setDragging(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragging(null)}
          >
            <span aria-hidden="true" className="text-body-secondary" style={{ cursor: 'grab' }}>
              ⠿
            </span>
            {campaign.thumb_url ? (
              <img
                src={api.images.url(campaign.thumb_url, { w: 64, h: 80 })}
                alt=""
                width={32}
                height={40}
              />
            ) : null}
            <span className="me-auto">{campaign.name}</span>
            {mayChange ? (
              <>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${campaign.name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${campaign.name} down`}
                  disabled={index === featured.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Unfeature ${campaign.name}`}
                  onClick={() =>
                    change(
                      featured.filter((c) => c.id !== campaign.id),
                      `${campaign.name} is no longer featured.`,
                    )
                  }
                >
                  Unfeature
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {collection.isSuccess && featured.length === 0 ? (
        <p data-testid="no-featured">No featured campaigns yet.</p>
      ) : null}
      {mayChange ? (
        <div className="d-flex gap-2 align-items-center mb-4">
          <Button
            disabled={save.isPending || !dirty}
            onClick={() => save.mutate(featured.map((c) => c.id))}
          >
            Save order
          </Button>
          {save.isSuccess ? (
            <span role="status" className="text-success">
              Featured campaigns saved.
            </span>
          ) : null}
        </div>
      ) : null}
      <h2 className="h5">Other campaigns in this collection</h2>
      {others.length === 0 ? (
        <p className="text-body-secondary">
          None. Add campaigns to the collection on its edit page.
        </p>
      ) : (
        <ul className="list-group" data-testid="other-campaigns">
          {others.map((campaign) => (
            <li key={campaign.id} className="list-group-item d-flex align-items-center gap-2">
              <span className="me-auto">{campaign.name}</span>
              {mayChange ? (
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Feature ${campaign.name}`}
                  onClick={() =>
                    change(
                      [...featured, campaign],
                      `${campaign.name} featured at position ${featured.length + 1}.`,
                    )
                  }
                >
                  Feature
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
