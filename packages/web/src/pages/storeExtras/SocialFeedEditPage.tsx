import {
  FEED_FORMATS,
  type FeedScope,
  pagePath,
  type SocialFeed,
  SocialFeedBody,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useCollections } from '../../api/hooks/useCollections.js';
import { useSaveSocialFeed, useSocialFeed } from '../../api/hooks/useSocialFeeds.js';
import { useStores } from '../../api/hooks/useStores.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';
import { FEED_FORMAT_LABELS } from './SocialFeedsPage.js';

const SCOPES: { value: FeedScope; label: string }[] = [
  { value: 'all', label: 'Every active campaign of the store' },
  { value: 'collection', label: 'The campaigns of a collection' },
  { value: 'campaigns', label: 'Campaigns I choose' },
];

/**
 * New / Edit Social Feed (spec §2 /social-feed/update and /social-feed/update/{id}): the feed's
 * name, store, format (Google Merchant XML or Facebook CSV), which campaigns it lists and its
 * Google product category. The address stays the same when a feed is edited.
 */
export function SocialFeedEditPage() {
  const title = usePageTitle();
  const id = Number(useParams().id ?? 0);
  const feed = useSocialFeed(id);
  const stores = useStores();
  const ready = stores.isSuccess && (id === 0 || feed.data);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}
          {feed.data ? `: ${feed.data.name}` : ''}
        </h1>
        <Link to={pagePath('social_feed')} className="btn btn-outline-secondary btn-sm">
          All feeds
        </Link>
      </div>
      <FormError error={feed.error ?? stores.error} />
      {!ready && !feed.error && !stores.error ? (
        <p className="text-body-secondary" role="status">
          Loading the feed…
        </p>
      ) : null}
      {ready && stores.data ? (
        <FeedForm
          key={feed.data?.id ?? 0}
          feed={feed.data ?? null}
          stores={stores.data.map((s) => ({ id: s.id, name: s.name }))}
        />
      ) : null}
    </>
  );
}

function FeedForm({
  feed,
  stores,
}: {
  feed: SocialFeed | null;
  stores: { id: number; name: string }[];
}) {
  const save = useSaveSocialFeed(feed?.id ?? null);
  const navigate = useNavigate();
  const collections = useCollections();
  const ids = {
    name: useId(),
    store: useId(),
    collection: useId(),
    colors: useId(),
    category: useId(),
  };
  const { form, formError } = useApiForm({
    schema: SocialFeedBody,
    serverError: save.error,
    defaultValues: {
      name: feed?.name ?? '',
      store_id: feed?.store_id ?? stores[0]?.id ?? 0,
      format: feed?.format ?? 'google_xml',
      scope: feed?.scope ?? 'all',
      collection_id: feed?.collection_id ?? null,
      campaign_ids: feed?.campaign_ids ?? [],
      colors: feed?.colors ?? [],
      google_product_category: feed?.google_product_category ?? '',
    },
  });
  const scope = form.watch('scope');
  const picked = form.watch('campaign_ids') ?? [];
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => void navigate(pagePath('social_feed_edit', { id: saved.id })),
    }),
  );
  const invalid = (field: Parameters<typeof fieldError<typeof SocialFeedBody>>[1]) =>
    fieldError(form, field);

  return (
    <Form noValidate onSubmit={submit} style={{ maxWidth: 760 }}>
      <FormError error={formError} />
      {feed ? (
        <div className="mb-3">
          <div className="form-label fw-semibold">Feed address</div>
          <code className="d-block text-break">{feed.url}</code>
          <div className="form-text">
            Paste it into Google Merchant Center (scheduled fetch) or your catalog’s data feed.
          </div>
        </div>
      ) : null}
      <Form.Group controlId={ids.name} className="mb-3">
        <Form.Label>Name</Form.Label>
        <Form.Control
          {...form.register('name')}
          maxLength={120}
          isInvalid={Boolean(invalid('name'))}
        />
        <Form.Control.Feedback type="invalid">{invalid('name')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={ids.store} className="mb-3">
        <Form.Label>Store</Form.Label>
        <Form.Select
          {...form.register('store_id', { valueAsNumber: true })}
          isInvalid={Boolean(invalid('store_id'))}
        >
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{invalid('store_id')}</Form.Control.Feedback>
        {stores.length === 0 ? (
          <Form.Text>
            Create a store first on <Link to={pagePath('all_stores')}>All Stores</Link>.
          </Form.Text>
        ) : null}
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">Format</legend>
        {FEED_FORMATS.map((format) => (
          <Form.Check
            key={format}
            type="radio"
            id={`format-${format}`}
            value={format}
            label={FEED_FORMAT_LABELS[format]}
            {...form.register('format')}
          />
        ))}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">Products</legend>
        {SCOPES.map((s) => (
          <Form.Check
            key={s.value}
            type="radio"
            id={`scope-${s.value}`}
            value={s.value}
            label={s.label}
            {...form.register('scope')}
          />
        ))}
      </fieldset>
      {scope === 'collection' ? (
        <Form.Group controlId={ids.collection} className="mb-3">
          <Form.Label>Collection</Form.Label>
          <Form.Select
            {...form.register('collection_id', {
              setValueAs: (v: string | number | null) =>
                v === '' || v === null ? null : Number(v),
            })}
            isInvalid={Boolean(invalid('collection_id'))}
          >
            <option value="">Choose…</option>
            {(collections.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{invalid('collection_id')}</Form.Control.Feedback>
        </Form.Group>
      ) : null}
      {scope === 'campaigns' ? (
        <CampaignPicker
          picked={picked}
          error={invalid('campaign_ids')}
          onChange={(next) =>
            form.setValue('campaign_ids', next, { shouldDirty: true, shouldValidate: true })
          }
        />
      ) : null}
      <Form.Group controlId={ids.colors} className="mb-3">
        <Form.Label>Only these colours (optional)</Form.Label>
        <Form.Control
          {...form.register('colors', {
            setValueAs: (v: string | string[]) =>
              Array.isArray(v)
                ? v
                : v
                    .split(',')
                    .map((c) => c.trim())
                    .filter(Boolean),
          })}
          placeholder="Black, White"
          isInvalid={Boolean(invalid('colors'))}
          aria-describedby={`${ids.colors}-help`}
        />
        <Form.Text id={`${ids.colors}-help`}>
          Colour names separated by commas; empty lists every colour.
        </Form.Text>
        <Form.Control.Feedback type="invalid">{invalid('colors')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={ids.category} className="mb-3">
        <Form.Label>Google product category (optional)</Form.Label>
        <Form.Control
          {...form.register('google_product_category')}
          maxLength={250}
          placeholder="212 or Apparel & Accessories > Clothing > Shirts & Tops"
        />
        <Form.Text>Written on every product of the feed.</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        {feed ? 'Save feed' : 'Create feed'}
      </Button>
      <span role="status" className="ms-2 small text-success">
        {save.isSuccess ? 'Saved.' : ''}
      </span>
    </Form>
  );
}

/** Ticks campaigns from the seller's campaign list, searched by name. */
function CampaignPicker({
  picked,
  error,
  onChange,
}: {
  picked: number[];
  error: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const [q, setQ] = useState('');
  const list = useCampaignList({ q: q || undefined, per_page: 50 });
  const rows = list.data?.data ?? [];
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...picked, id] : picked.filter((p) => p !== id));
  return (
    <fieldset className="mb-3 card card-body" aria-describedby="picked-count">
      <legend className="form-label fs-6 fw-semibold">Campaigns</legend>
      <SearchBox value={q} label="Search campaigns" onSearch={setQ} />
      <p id="picked-count" className="small text-body-secondary my-2">
        {picked.length} chosen
      </p>
      {error ? (
        <div className="text-danger small mb-2" role="alert">
          {error}
        </div>
      ) : null}
      <div style={{ maxHeight: '18rem', overflowY: 'auto' }} aria-busy={list.isFetching}>
        {rows.map((c) => (
          <Form.Check
            key={c.id}
            id={`pick-${c.id}`}
            label={c.name}
            checked={picked.includes(c.id)}
            onChange={(event) => toggle(c.id, event.target.checked)}
          />
        ))}
        {list.isSuccess && rows.length === 0 ? (
          <p className="text-body-secondary small mb-0">No campaign matches.</p>
        ) : null}
      </div>
    </fieldset>
  );
}
