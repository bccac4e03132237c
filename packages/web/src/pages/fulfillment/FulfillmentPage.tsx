import {
  API,
  can,
  errorMessage,
  FULFILLMENT_CSV_COLUMNS,
  FULFILLMENT_MESSAGES,
  FULFILLMENT_SOURCES,
  type FulfillmentImportAnswer,
  type FulfillmentOrderRow,
  userDate,
} from '@printloom/core';
import { useCallback, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useFulfillmentOrders,
  useImportFulfillmentOrders,
  usePayFulfillmentOrders,
} from '../../api/hooks/useFulfillment.js';
import { BulkActionBar } from '../../lists/BulkActionBar.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { toasts } from '../../toast/toastStore.js';
import { FormError } from '../auth/FormError.js';
import { money } from '../customers/money.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge } from '../lists/StatusBadge.js';
import { RelatedPages } from '../RelatedPages.js';

const MARKETPLACE_LABELS: Record<(typeof FULFILLMENT_SOURCES)[number], string> = {
  ebay: 'eBay',
  etsy: 'Etsy',
  poshmark: 'Poshmark',
  tiktok: 'TikTok Shop',
  amazon: 'Amazon',
  woocommerce: 'WooCommerce',
};

/**
 * Fulfill Orders (spec §2 /fulfillment, issue 13): import orders of the seller's other channels
 * from a CSV (the template carries one of their SKUs), see what each bad row was refused for,
 * and the list of fulfillment orders on the list pattern.
 */
export function FulfillmentPage() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.fulfillment.list.query);
  const list = useFulfillmentOrders(query);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows = page?.data ?? ([] as FulfillmentOrderRow[]);
  const filtered = raw.q !== undefined || raw.marketplace !== undefined;
  const columns = useMemo(() => orderColumns(utcOffset), [utcOffset]);
  const mayPay = user ? can(user, 'update_payments') : false;
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const pay = usePayFulfillmentOrders();
  // Only the unpaid orders of the selection are charged; those paid before are left as they are.
  const due = rows.filter((row) => selected.has(row.id) && row.payment_status === 'unpaid');
  const dueTotal = due.reduce((sum, row) => sum + row.total, 0);
  const closePay = () => {
    pay.reset();
    setConfirming(false);
  };
  const confirmPay = () =>
    pay.mutate(
      due.map((row) => row.id),
      {
        onSuccess: (answer) => {
          toasts.show(
            'success',
            `${FULFILLMENT_MESSAGES.paid(answer.paid)}: ${money(answer.charged, 'USD')} charged.`,
          );
          setSelected(new Set());
          setConfirming(false);
        },
      },
    );

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Fulfill Orders</h1>
        <a
          className="btn btn-outline-secondary"
          href={API.fulfillment.template.path}
          download="fulfillment-orders-template.csv"
        >
          Download CSV template
        </a>
      </div>

      <RelatedPages
        pages={['woocommerce_connect', 'tts_callback']}
        label="Import orders from a shop"
      />
      <ImportForm />

      <h2 className="h5 mt-4">Fulfillment orders</h2>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox
            value={raw.q ?? ''}
            onSearch={onSearch}
            label="Search by order number, external id or email"
          />
        </div>
        <FilterSelect
          label="Marketplace"
          allLabel="All marketplaces"
          value={query.marketplace ?? ''}
          options={FULFILLMENT_SOURCES.map((m) => ({ value: m, label: MARKETPLACE_LABELS[m] }))}
          onChange={(marketplace) => update({ marketplace: marketplace || undefined })}
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      {mayPay ? (
        <BulkActionBar
          count={selected.size}
          noun={{ one: 'order', many: 'orders' }}
          actions={[{ action: 'pay', label: 'Pay from balance', variant: 'outline-primary' }]}
          onAction={() => setConfirming(true)}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      <DataTable
        caption="Fulfillment orders"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        selection={
          mayPay
            ? {
                selected,
                onChange: setSelected,
                label: (row) => `Select order ${row.order_number}`,
              }
            : undefined
        }
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'fulfillment-row', 'data-order-id': row.id })}
      />

      <ConfirmDialog
        show={confirming}
        title="Pay fulfillment orders"
        confirmLabel={due.length > 0 ? `Pay ${money(dueTotal, 'USD')}` : 'Pay'}
        busy={pay.isPending || due.length === 0}
        onConfirm={confirmPay}
        onCancel={closePay}
      >
        <FormError error={pay.error} />
        {due.length > 0 ? (
          <p className="mb-0">
            Pay {due.length === 1 ? '1 order' : `${due.length} orders`} for{' '}
            <strong>{money(dueTotal, 'USD')}</strong> (base costs and shipping) from your available
            balance? They go to production at once.
            {due.length < selected.size ? ' Orders already paid are not charged again.' : ''}
          </p>
        ) : (
          <p className="mb-0">The selected orders are paid already.</p>
        )}
      </ConfirmDialog>

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No fulfillment orders match these filters.</p>
              <Link to="/fulfillment" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No fulfillment orders yet. Download the template, fill in your orders from other
              channels and import it above.
            </p>
          )}
        </div>
      ) : null}

      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          totalIsCapped={page.total_is_capped}
          from={page.from}
          to={page.to}
          noun="orders"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </>
  );
}

function ImportForm() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<FulfillmentImportAnswer | null>(null);
  const importOrders = useImportFulfillmentOrders();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    try {
      setResult(await importOrders.mutateAsync(file));
    } catch {
      // Shown from the mutation's error below.
    }
  }

  return (
    <section className="card" aria-labelledby={`${inputId}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${inputId}-title`}>
          Import orders
        </h2>
        <p className="small text-body-secondary">
          One row per line of an order; rows with the same marketplace and external order id make
          one order. Columns: {FULFILLMENT_CSV_COLUMNS.join(', ')}. A SKU is{' '}
          <code>
            P{'{product id}'}-{'{colour}'}-{'{size}'}
          </code>
          , for example <code>P42-Black-XL</code>. An order with a bad row is not imported;
          importing a file again skips the orders already in.
        </p>
        <Form onSubmit={(event) => void submit(event)} className="d-flex flex-wrap gap-2">
          <Form.Group controlId={inputId}>
            <Form.Label className="visually-hidden">CSV file</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          <Button type="submit" disabled={!file || importOrders.isPending}>
            {importOrders.isPending ? 'Importing…' : 'Import'}
          </Button>
        </Form>
        {importOrders.isError ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorMessage(importOrders.error)}
          </div>
        ) : null}
        {result ? <ImportResult result={result} /> : null}
      </div>
    </section>
  );
}

function ImportResult({ result }: { result: FulfillmentImportAnswer }) {
  return (
    <div className="mt-3" data-testid="import-result">
      <div
        className={`alert ${result.errors.length > 0 ? 'alert-warning' : 'alert-success'}`}
        role="status"
      >
        {result.created === 1 ? '1 order imported' : `${result.created} orders imported`}
        {result.skipped > 0 ? `, ${result.skipped} already imported before` : ''}
        {result.errors.length > 0
          ? `; ${result.errors.length} ${result.errors.length === 1 ? 'row' : 'rows'} refused.`
          : '.'}
      </div>
      {result.errors.length > 0 ? (
        <div className="table-responsive" style={{ maxHeight: 320 }}>
          <table className="table table-sm table-striped mb-0">
            <caption className="visually-hidden">Rows refused</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error) => (
                <tr key={`${error.row}-${error.message}`} data-testid="import-error">
                  <td>{error.row}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function orderColumns(utcOffset: number): ListColumn<FulfillmentOrderRow>[] {
  const column = listColumns<FulfillmentOrderRow>();
  return [
    column.accessor('order_number', {
      id: 'order',
      header: 'Order',
      cell: ({ row }) => (
        <>
          <Link to={`/orders/detail/${row.original.id}`} className="fw-semibold">
            {row.original.order_number}
          </Link>
          <small className="d-block text-body-secondary">
            {MARKETPLACE_LABELS[row.original.marketplace as (typeof FULFILLMENT_SOURCES)[number]] ??
              row.original.marketplace}{' '}
            #{row.original.external_order_id}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'buyer',
      header: 'Buyer',
      cell: ({ row }) => (
        <>
          {row.original.customer_name ?? row.original.email}
          <small className="d-block text-body-secondary">
            {row.original.email}
            {row.original.country ? ` · ${row.original.country}` : ''}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="d-flex flex-wrap gap-1">
          <StatusBadge status={row.original.status} />
          <StatusBadge status={row.original.payment_status} />
          {row.original.address_invalid ? (
            <span className="badge text-bg-warning">Invalid address</span>
          ) : null}
        </span>
      ),
    }),
    column.accessor('items_count', { id: 'items', header: 'Lines' }),
    column.display({
      id: 'total',
      header: 'Cost',
      cell: ({ row }) => money(row.original.total, row.original.currency),
    }),
    column.display({
      id: 'created',
      header: 'Imported',
      cell: ({ row }) => (
        <span className="small text-nowrap">{userDate(row.original.created_at, utcOffset)}</span>
      ),
    }),
  ];
}
