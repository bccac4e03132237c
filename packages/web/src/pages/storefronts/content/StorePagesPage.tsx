import { can, pagePath, type StorePage, userDate } from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { useMe } from '../../../api/hooks/useAuth.js';
import { useDeleteStorePage, useStorePages } from '../../../api/hooks/useStoreContent.js';
import { useStores } from '../../../api/hooks/useStores.js';
import { GenericModal } from '../../../shell/GenericModal.js';
import { FormError } from '../../auth/FormError.js';
import { usePageTitle } from '../../usePageTitle.js';

/** The store chosen in the address (`?store_id=`), else the seller's first store. */
export function useChosenStore() {
  const [params, setParams] = useSearchParams();
  const stores = useStores();
  const asked = Number(params.get('store_id') ?? 0);
  const list = stores.data ?? [];
  const store = list.find((s) => s.id === asked) ?? list[0] ?? null;
  const choose = (id: number) => setParams({ store_id: String(id) }, { replace: true });
  return { stores, store, choose };
}

export function StoreChooser({
  stores,
  value,
  onChange,
}: {
  stores: ReadonlyArray<{ id: number; name: string }>;
  value: number | null;
  onChange: (id: number) => void;
}) {
  const id = useId();
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0">Store</Form.Label>
      <Form.Select
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
        style={{ maxWidth: 280 }}
      >
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/**
 * Store Pages (spec §2 /storefronts/pages): the CMS pages of one store (About, Shipping,
 * Returns, …), draft or published, with links to write a new one or edit one.
 */
export function StorePagesPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const { stores, store, choose } = useChosenStore();
  const pages = useStorePages(store?.id ?? 0);
  const [deleting, setDeleting] = useState<StorePage | null>(null);
  const remove = useDeleteStorePage();
  const utcOffset = user?.utc_offset ?? 0;
  const list = pages.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {store ? (
          <StoreChooser stores={stores.data ?? []} value={store.id} onChange={choose} />
        ) : null}
        {store && mayChange ? (
          <Link
            className="btn btn-primary"
            to={`${pagePath('store_page_new')}?store_id=${store.id}`}
          >
            New page
          </Link>
        ) : null}
      </div>
      <FormError error={stores.error ?? pages.error} />
      {stores.isSuccess && !store ? (
        <p>
          No stores yet. <Link to={pagePath('all_stores')}>Create a store</Link> first.
        </p>
      ) : null}
      {store ? (
        <div className="table-responsive">
          <Table className="align-middle" aria-busy={pages.isFetching}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody data-testid="page-rows">
              {list.map((page) => (
                <tr key={page.id}>
                  <td>
                    <Link to={pagePath('store_page_edit', { id: page.id })} className="fw-semibold">
                      {page.title}
                    </Link>
                  </td>
                  <td>
                    <code>/pages/{page.slug}</code>
                  </td>
                  <td>
                    <span
                      className={`badge ${page.status === 'published' ? 'text-bg-success' : 'text-bg-secondary'}`}
                    >
                      {page.status === 'published' ? 'Published' : 'Draft'}
                    </span>
                  </td>
                  <td>{userDate(page.updated_at, utcOffset)}</td>
                  <td className="text-end">
                    {mayChange ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Delete ${page.title}`}
                        onClick={() => setDeleting(page)}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {pages.isSuccess && list.length === 0 ? (
            <p className="text-center py-4">No pages in this store yet.</p>
          ) : null}
        </div>
      ) : null}
      <GenericModal
        id="delete-page"
        show={deleting !== null}
        title="Delete page"
        centered
        onHide={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
              }
            >
              Delete
            </Button>
          </>
        }
      >
        <FormError error={remove.error} />
        <p className="mb-0">
          Delete <strong>{deleting?.title}</strong>? Links to it in the store stop working.
        </p>
      </GenericModal>
    </>
  );
}
