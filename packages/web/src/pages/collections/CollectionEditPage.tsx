import { type CollectionDetail, can, pagePath } from '@printloom/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useCollection, useUpdateCollection } from '../../api/hooks/useCollections.js';
import { useStores } from '../../api/hooks/useStores.js';
import { FormError } from '../auth/FormError.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Edit Collection (spec §2 /collections/edit/{id}): name, slug, description, image, the store
 * it shows in (or every store), whether the store home features it, and which campaigns it
 * holds. The order of featured campaigns is set on the Featured Campaigns page.
 */
export function CollectionEditPage() {
  const title = usePageTitle();
  const id = Number(useParams().id ?? 0);
  const collection = useCollection(id);
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}
          {collection.data ? `: ${collection.data.name}` : ''}
        </h1>
        {collection.data ? (
          <Link
            to={pagePath('collection_featured', { id })}
            className="btn btn-outline-primary btn-sm"
          >
            Order featured campaigns
          </Link>
        ) : null}
        <Link to={pagePath('collections')} className="btn btn-outline-secondary btn-sm">
          All collections
        </Link>
      </div>
      <FormError error={collection.error} />
      {collection.data ? (
        <div className="row g-4">
          <div className="col-lg-6">
            <DetailsForm collection={collection.data} disabled={!mayChange} />
          </div>
          <div className="col-lg-6">
            <MembersForm collection={collection.data} disabled={!mayChange} />
          </div>
        </div>
      ) : null}
    </>
  );
}

function DetailsForm({
  collection,
  disabled,
}: {
  collection: CollectionDetail;
  disabled: boolean;
}) {
  const update = useUpdateCollection(collection.id);
  const stores = useStores();
  const ids = {
    name: useId(),
    slug: useId(),
    description: useId(),
    image: useId(),
    store: useId(),
  };
  const [name, setName] = useState(collection.name);
  const [slug, setSlug] = useState(collection.slug);
  const [description, setDescription] = useState(collection.description ?? '');
  const [image, setImage] = useState(collection.image_url ?? '');
  const [storeId, setStoreId] = useState(
    collection.store_id === null ? '' : String(collection.store_id),
  );
  const [featured, setFeatured] = useState(collection.featured);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      name,
      slug,
      description,
      image_url: image,
      store_id: storeId === '' ? null : Number(storeId),
      featured,
    });
  };
  return (
    <Form onSubmit={submit} className="card card-body">
      <h2 className="h5">Details</h2>
      <fieldset disabled={disabled}>
        <Form.Group className="mb-3" controlId={ids.name}>
          <Form.Label>Name</Form.Label>
          <Form.Control value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-3" controlId={ids.slug}>
          <Form.Label>Slug</Form.Label>
          <Form.Control
            value={slug}
            maxLength={80}
            onChange={(e) => setSlug(e.target.value.toLowerCase())}
          />
          <Form.Text>The collection&apos;s address in the store: /collections/{slug}</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId={ids.description}>
          <Form.Label>Description</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={ids.image}>
          <Form.Label>Image address</Form.Label>
          <Form.Control value={image} onChange={(e) => setImage(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-3" controlId={ids.store}>
          <Form.Label>Shown in</Form.Label>
          <Form.Select value={storeId} onChange={(e) => setStoreId(e.target.value)}>
            <option value="">Every store</option>
            {(stores.data ?? []).map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Check
          className="mb-3"
          type="switch"
          id={`collection-featured-${collection.id}`}
          label="Feature on the store home"
          checked={featured}
          onChange={(e) => setFeatured(e.target.checked)}
        />
      </fieldset>
      <FormError error={update.error} />
      {update.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Collection saved.
        </div>
      ) : null}
      {disabled ? null : (
        <div>
          <Button type="submit" disabled={update.isPending}>
            Save details
          </Button>
        </div>
      )}
    </Form>
  );
}

const PER_PAGE = 20;

function MembersForm({
  collection,
  disabled,
}: {
  collection: CollectionDetail;
  disabled: boolean;
}) {
  const update = useUpdateCollection(collection.id);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCampaignList({ q, page, per_page: PER_PAGE });
  const memberIds = collection.campaigns.map((c) => c.id);
  const [selected, setSelected] = useState<number[]>(memberIds);
  useEffect(() => setSelected(collection.campaigns.map((c) => c.id)), [collection.campaigns]);
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  const campaigns = list.data?.data ?? [];
  return (
    <div className="card card-body">
      <h2 className="h5">Campaigns</h2>
      <p className="small text-body-secondary">
        {selected.length} in this collection. New ones are added after the ones already in it.
      </p>
      <SearchBox
        value={q}
        label="Search campaigns"
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      <FormError error={list.error ?? update.error} />
      <fieldset disabled={disabled} className="my-3" aria-busy={list.isFetching}>
        <legend className="visually-hidden">Campaigns in {collection.name}</legend>
        {campaigns.map((campaign) => (
          <Form.Check
            key={campaign.id}
            id={`collection-campaign-${campaign.id}`}
            label={campaign.name}
            checked={selected.includes(campaign.id)}
            onChange={(e) => toggle(campaign.id, e.target.checked)}
          />
        ))}
        {list.isSuccess && campaigns.length === 0 ? <p>No campaigns found.</p> : null}
      </fieldset>
      {list.data ? (
        <ListPagination
          page={page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="campaigns"
          onPage={setPage}
        />
      ) : null}
      {update.isSuccess ? (
        <div className="alert alert-success py-2 mt-2" role="status">
          Collection saved.
        </div>
      ) : null}
      {disabled ? null : (
        <div className="mt-2">
          <Button
            disabled={update.isPending}
            onClick={() => update.mutate({ campaign_ids: selected })}
          >
            Save campaigns
          </Button>
        </div>
      )}
    </div>
  );
}
