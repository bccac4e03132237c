import {
  can,
  isStoreLimited,
  pagePath,
  STORE_SLUG_MAX,
  type StoreView,
  slugify,
  storeSlugProblem,
} from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useArchiveStore, useCreateStore, useStores } from '../../api/hooks/useStores.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { GenericModal } from '../../shell/GenericModal.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/** The address shown without its scheme: `cosmic-cats.printloom.test`. */
export function hostOf(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}

/**
 * All Stores (spec §2 /storefronts): the seller's stores with their address and how many
 * campaigns each lists; create a store (name and slug, the slug suggested from the name) and
 * archive one after confirming. Members without update_campaign see the list only.
 */
export function StoresListPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  // A member limited to some stores sees only those (the list holds no other) and adds none.
  const limited = user ? isStoreLimited(user) : false;
  const [showArchived, setShowArchived] = useState(false);
  const list = useStores(showArchived);
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<StoreView | null>(null);
  const stores = list.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Form.Check
          type="switch"
          id="stores-show-archived"
          label="Show archived stores"
          checked={showArchived}
          onChange={(event) => setShowArchived(event.target.checked)}
        />
        {mayChange && !limited ? (
          <Button data-tour="create-store-button" onClick={() => setCreating(true)}>
            Create store
          </Button>
        ) : null}
      </div>
      {limited ? (
        <p className="text-body-secondary" data-testid="store-limit-note">
          The account owner gave you access to{' '}
          {user?.team_store_ids?.length === 1
            ? 'one of its stores'
            : `${user?.team_store_ids?.length ?? 0} of its stores`}
          : only those are listed here and in every store choice of the dashboard.
        </p>
      ) : null}
      <FormError error={list.error} />
      <div className="table-responsive">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Address</th>
              <th scope="col">Campaigns</th>
              <th scope="col">Currency</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="store-rows">
            {stores.map((store) => (
              <tr key={store.id}>
                <td>
                  <Link to={pagePath('store_edit', { id: store.id })} className="fw-semibold">
                    {store.name}
                  </Link>
                  {store.archived_at ? (
                    <span className="badge text-bg-secondary ms-2">Archived</span>
                  ) : null}
                  <div className="small text-body-secondary">{store.slug}</div>
                </td>
                <td>
                  <a href={store.base_url} target="_blank" rel="noreferrer">
                    {hostOf(store.base_url)}
                  </a>
                </td>
                <td>{store.campaign_count}</td>
                <td>{store.currency}</td>
                <td className="text-end text-nowrap">
                  <Link
                    className="btn btn-sm btn-outline-primary me-2"
                    to={pagePath('store_edit', { id: store.id })}
                    aria-label={`Edit ${store.name}`}
                  >
                    Edit
                  </Link>
                  {store.archived_at ? null : (
                    <Link
                      className="btn btn-sm btn-outline-secondary me-2"
                      to={pagePath('store_sitemap', { id: store.id })}
                      aria-label={`Sitemap of ${store.name}`}
                    >
                      Sitemap
                    </Link>
                  )}
                  {mayChange && !store.archived_at ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Archive ${store.name}`}
                      onClick={() => setArchiving(store)}
                    >
                      Archive
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && stores.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          {showArchived ? 'No archived stores.' : 'No stores yet. Create one to start selling.'}
        </p>
      ) : null}
      <CreateStoreDialog show={creating} onClose={() => setCreating(false)} />
      <ArchiveDialog store={archiving} onClose={() => setArchiving(null)} />
    </>
  );
}

function CreateStoreDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const create = useCreateStore();
  const navigate = useNavigate();
  const nameId = useId();
  const slugId = useId();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const shownSlug = slugEdited ? slug : slugify(name);
  const slugProblem = shownSlug === '' ? null : storeSlugProblem(shownSlug);

  const close = () => {
    create.reset();
    setName('');
    setSlug('');
    setSlugEdited(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, ...(shownSlug !== '' ? { slug: shownSlug } : {}) },
      {
        onSuccess: (store) => {
          close();
          void navigate(pagePath('store_edit', { id: store.id }));
        },
      },
    );
  };

  return (
    <GenericModal id="storefront-modal" show={show} title="Create store" centered onHide={close}>
      <Form onSubmit={submit} data-tour="storefront-modal">
        <FormError error={create.error} />
        <Form.Group className="mb-3" controlId={nameId}>
          <Form.Label>Store name</Form.Label>
          <Form.Control
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={slugId}>
          <Form.Label>Slug</Form.Label>
          <Form.Control
            value={shownSlug}
            maxLength={STORE_SLUG_MAX}
            isInvalid={slugProblem !== null}
            aria-describedby={`${slugId}-help`}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.target.value.toLowerCase());
            }}
          />
          <Form.Control.Feedback type="invalid">{slugProblem}</Form.Control.Feedback>
          <Form.Text id={`${slugId}-help`}>
            Your store&apos;s address: <code>{shownSlug || 'your-slug'}.</code>…, unique on the
            platform.
          </Form.Text>
        </Form.Group>
        <div className="d-flex justify-content-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={create.isPending || name.trim() === '' || slugProblem !== null}
          >
            Create store
          </Button>
        </div>
      </Form>
    </GenericModal>
  );
}

function ArchiveDialog({ store, onClose }: { store: StoreView | null; onClose: () => void }) {
  return (
    <RowActionDialog
      id="archive-store"
      title="Archive store"
      actionLabel="Archive"
      row={store}
      action={useArchiveStore()}
      onClose={onClose}
    >
      Archive <strong>{store?.name}</strong>? Buyers can no longer visit{' '}
      <code>{store ? hostOf(store.base_url) : ''}</code>. Its slug stays yours.
    </RowActionDialog>
  );
}
