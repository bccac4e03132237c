import {
  API,
  SUBSCRIBER_IMPORT_MAX_CHARS,
  type SubscriberImportAnswer,
  subscribersExportLink,
  userDateTime,
} from '@printloom/core';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useStores } from '../../api/hooks/useStores.js';
import {
  useImportSubscribers,
  useSetSubscription,
  useSubscriberList,
} from '../../api/hooks/useSubscribers.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Subscribers (`/email-marketing/subscribers`): the stores' subscribers with search and store
 * filter in the address, their subscription state, a CSV import into one store and the export.
 */
export function SubscribersPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.marketing.subscribers.query);
  const list = useSubscriberList(query);
  const stores = useStores();
  const toggle = useSetSubscription();
  const [importing, setImporting] = useState(false);
  const rows = list.data?.data ?? [];
  const filtered = query.store_id !== undefined || (query.q ?? '') !== '';
  const storeName = (id: number) =>
    stores.data?.find((store) => store.id === id)?.name ?? `Store #${id}`;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        <div className="d-flex gap-2">
          <a
            className="btn btn-outline-secondary"
            href={subscribersExportLink('', query.store_id ? { store_id: query.store_id } : {})}
            download
          >
            Export CSV
          </a>
          <Button onClick={() => setImporting((v) => !v)} aria-expanded={importing}>
            Import CSV
          </Button>
        </div>
      </div>
      {importing ? <ImportForm stores={stores.data ?? []} /> : null}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          label="Search subscribers"
          placeholder="Email or name"
          value={raw.q ?? ''}
          onSearch={(q) => update({ q: q || undefined }, { replace: true })}
        />
        <FilterSelect
          label="Store"
          value={raw.store_id ?? ''}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          allLabel="All stores"
          onChange={(value) => update({ store_id: value || undefined })}
        />
      </div>
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
      <FormError error={toggle.error} />
      {list.isPending ? <p aria-busy="true">Loading subscribers…</p> : null}
      {list.isSuccess && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p>No subscribers match these filters.</p>
              <Button
                variant="outline-secondary"
                onClick={() => update({ q: undefined, store_id: undefined })}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <p>
              No subscriber yet. Buyers who opt in at checkout appear here; you can also import a
              CSV.
            </p>
          )}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive" aria-busy={list.isFetching}>
          <Table className="align-middle" data-testid="subscribers">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Store</th>
                <th scope="col">Since</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} data-testid="subscriber">
                  <td>{s.email}</td>
                  <td>{[s.first_name, s.last_name].filter(Boolean).join(' ')}</td>
                  <td>{storeName(s.store_id)}</td>
                  <td className="small">{userDateTime(s.created_at, utcOffset)}</td>
                  <td>
                    {s.unsubscribed_at ? (
                      <Badge bg="secondary">Unsubscribed</Badge>
                    ) : (
                      <Badge bg="success">Subscribed</Badge>
                    )}
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate({ id: s.id, subscribed: !!s.unsubscribed_at })}
                    >
                      {s.unsubscribed_at ? `Subscribe ${s.email} again` : `Unsubscribe ${s.email}`}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      {list.data && list.data.total > 0 ? (
        <ListPagination
          page={list.data.current_page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="subscribers"
          onPage={(page) => update({ page })}
        />
      ) : null}
    </>
  );
}

function ImportForm({ stores }: { stores: Array<{ id: number; name: string }> }) {
  const run = useImportSubscribers();
  const [store, setStore] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<SubscriberImportAnswer | null>(null);
  const ids = { store: useId(), file: useId() };
  return (
    <form
      className="border rounded p-3 mb-4"
      aria-label="Import subscribers"
      onSubmit={async (event) => {
        event.preventDefault();
        setResult(null);
        if (!store) return setProblem('Choose the store to import into');
        if (!file) return setProblem('Choose a CSV file');
        if (file.size > SUBSCRIBER_IMPORT_MAX_CHARS) return setProblem('The file is over 2 MB');
        setProblem(null);
        const csv = await file.text();
        run.mutate({ store_id: Number(store), csv }, { onSuccess: setResult });
      }}
    >
      <h2 className="h5">Import subscribers</h2>
      <p className="small text-body-secondary">
        A CSV with a header row: <code>email</code> and optionally <code>first_name</code>,{' '}
        <code>last_name</code>, <code>phone</code>. Rows with the same email are merged; existing
        subscribers are updated.
      </p>
      <div className="row g-3 align-items-end">
        <Form.Group className="col-md-4" controlId={ids.store}>
          <Form.Label>Store</Form.Label>
          <Form.Select value={store} onChange={(e) => setStore(e.target.value)}>
            <option value="">Choose a store</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-5" controlId={ids.file}>
          <Form.Label>CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </Form.Group>
        <div className="col-md-3">
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </div>
      {problem ? (
        <div className="alert alert-danger py-2 mt-3" role="alert">
          {problem}
        </div>
      ) : null}
      <FormError error={run.error} />
      {result ? (
        <div className="mt-3" role="status" data-testid="import-result">
          <p className="mb-1">
            {result.created} new, {result.updated} updated, {result.merged} duplicate rows merged,{' '}
            {result.errors.length} rows in error.
          </p>
          {result.errors.length > 0 ? (
            <ul className="small text-danger mb-0">
              {result.errors.map((e) => (
                <li key={e.row}>
                  Row {e.row}: {e.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
