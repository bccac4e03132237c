import { type Collection, can, pagePath } from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useCollections,
  useCreateCollection,
  useDeleteCollection,
} from '../../api/hooks/useCollections.js';
import { useStores } from '../../api/hooks/useStores.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { FormError } from '../auth/FormError.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Collections (spec §2 /collections): the seller's collections with their store, campaign and
 * featured counts; create one by name (then edit it), delete one after confirming.
 */
export function CollectionsListPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const [q, setQ] = useState('');
  const list = useCollections(q);
  const stores = useStores();
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const collections = list.data ?? [];
  const storeName = (id: number | null) =>
    id === null ? 'All stores' : (stores.data?.find((s) => s.id === id)?.name ?? `Store ${id}`);

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      {mayChange ? <CreateCollectionForm /> : null}
      <SearchBox value={q} label="Search collections" onSearch={setQ} />
      <FormError error={list.error} />
      <div className="table-responsive mt-3">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Store</th>
              <th scope="col">Campaigns</th>
              <th scope="col">Featured</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="collection-rows">
            {collections.map((collection) => (
              <tr key={collection.id}>
                <td>
                  <Link
                    to={pagePath('collection_edit', { id: collection.id })}
                    className="fw-semibold"
                  >
                    {collection.name}
                  </Link>
                  {collection.featured ? (
                    <span className="badge text-bg-info ms-2">On store home</span>
                  ) : null}
                  <div className="small text-body-secondary">{collection.slug}</div>
                </td>
                <td>{storeName(collection.store_id)}</td>
                <td>{collection.campaign_count}</td>
                <td>
                  <Link to={pagePath('collection_featured', { id: collection.id })}>
                    {collection.featured_count} featured
                  </Link>
                </td>
                <td className="text-end">
                  {mayChange ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete ${collection.name}`}
                      onClick={() => setDeleting(collection)}
                    >
                      Delete
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && collections.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          {q ? 'No collection matches.' : 'No collections yet.'}
        </p>
      ) : null}
      <DeleteDialog collection={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function CreateCollectionForm() {
  const create = useCreateCollection();
  const navigate = useNavigate();
  const nameId = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (collection) =>
          void navigate(pagePath('collection_edit', { id: collection.id })),
      },
    );
  };
  return (
    <Form className="card card-body mb-3" style={{ maxWidth: 720 }} onSubmit={submit}>
      <FormError error={create.error} />
      <Form.Group controlId={nameId}>
        <Form.Label>New collection name</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            required
          />
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            Create collection
          </Button>
        </div>
      </Form.Group>
    </Form>
  );
}

function DeleteDialog({
  collection,
  onClose,
}: {
  collection: Collection | null;
  onClose: () => void;
}) {
  return (
    <RowActionDialog
      id="delete-collection"
      title="Delete collection"
      actionLabel="Delete"
      row={collection}
      action={useDeleteCollection()}
      onClose={onClose}
    >
      Delete <strong>{collection?.name}</strong>? Its campaigns stay; only the collection goes.
    </RowActionDialog>
  );
}
