import {
  API,
  errorMessage,
  type OrderBulkActionName,
  type OrderSummary,
  ordersExportLink,
  userDateTime,
} from '@printloom/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useOrderBulkAction, useOrderList } from '../../api/hooks/useOrders.js';
import { useStores } from '../../api/hooks/useStores.js';
import { ActionResults, type RowResult } from '../../lists/ActionResults.js';
import { type BulkAction, BulkActionBar } from '../../lists/BulkActionBar.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import {
  FULFILLMENT_STATUS_OPTIONS,
  money,
  ORDER_SORTS,
  ORDER_STATUS_OPTIONS,
  ORDER_TYPE_OPTIONS,
  OrderBadge,
  PAYMENT_STATUS_OPTIONS,
} from './orderLabels.js';

const BULK_ACTIONS: readonly BulkAction<OrderBulkActionName>[] = [
  { action: 'hold', label: 'Hold' },
  { action: 'resume', label: 'Resume', variant: 'outline-primary' },
  { action: 'cancel', label: 'Cancel and refund', variant: 'outline-danger' },
];
const BULK_TITLES: Record<OrderBulkActionName, string> = {
  hold: 'Hold',
  resume: 'Resume',
  cancel: 'Cancel',
};

const SORT_FIELDS = { order: 'id', total: 'total' } as const;
const FILTER_FIELDS = [
  'q',
  'status',
  'payment_status',
  'fulfillment_status',
  'type',
  'store_id',
  'time',
] as const;

type Notice =
  | { kind: 'results'; title: string; results: RowResult[] }
  | { kind: 'error'; text: string };

/**
 * All Orders (spec §2 /orders, issue 13) on the list pattern of `web/src/lists`: the query in the
 * address (core's OrderListQuery: search by number, email, name or tracking number; status,
 * payment, fulfillment, type, store and time filters; order; page), server pages with a capped
 * count, bulk hold, resume and cancel answered row by row, and the CSV export of the filtered
 * list (streamed by the server).
 */
export function OrdersListPage() {
  const user = useMe();
  const { query, raw, update } = useListUrlState(API.orders.list.query);
  const list = useOrderList(query);
  const stores = useStores();
  const utcOffset = user?.utc_offset ?? 0;
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const orders = page?.data ?? [];
  const filtered = FILTER_FIELDS.some((field) => raw[field] !== undefined);

  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<{ action: OrderBulkActionName; ids: number[] } | null>(
    null,
  );
  const bulkAction = useOrderBulkAction();
  const numbers = useRef(new Map<number, string>());
  for (const order of orders) numbers.current.set(order.id, order.order_number);

  async function runBulk(action: OrderBulkActionName, ids: number[]) {
    try {
      const answer = await bulkAction.mutateAsync({ action, ids });
      const results = answer.results.map((r) => ({
        ...r,
        name: numbers.current.get(r.id) ?? `Order ${r.id}`,
      }));
      setNotice({ kind: 'results', title: BULK_TITLES[action], results });
      setSelected((current) => {
        const next = new Set(current);
        for (const r of results) if (r.ok) next.delete(r.id);
        return next;
      });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
    }
  }

  const columns = useMemo(() => orderColumns(utcOffset), [utcOffset]);
  const exportHref = ordersExportLink('', { ...query });
  const storeOptions = (stores.data ?? []).map((store) => ({
    value: String(store.id),
    label: store.name,
  }));

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">All Orders</h1>
        <a
          href={exportHref}
          className="btn btn-outline-secondary"
          data-testid="export-csv"
          download
        >
          Export CSV
        </a>
      </div>

      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div
          className="flex-grow-1"
          style={{ minWidth: 220, maxWidth: 360 }}
          data-tour="orders-search"
        >
          <SearchBox
            value={raw.q ?? ''}
            onSearch={onSearch}
            label="Search orders by number, email, name or tracking number"
          />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={query.status ?? ''}
          options={ORDER_STATUS_OPTIONS}
          onChange={(status) => update({ status: status || undefined })}
        />
        <FilterSelect
          label="Payment"
          allLabel="All payments"
          value={query.payment_status ?? ''}
          options={PAYMENT_STATUS_OPTIONS}
          onChange={(payment_status) => update({ payment_status: payment_status || undefined })}
        />
        <FilterSelect
          label="Fulfillment"
          allLabel="All fulfillment"
          value={query.fulfillment_status ?? ''}
          options={FULFILLMENT_STATUS_OPTIONS}
          onChange={(fulfillment_status) =>
            update({ fulfillment_status: fulfillment_status || undefined })
          }
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          value={query.type ?? ''}
          options={ORDER_TYPE_OPTIONS}
          onChange={(type) => update({ type: type || undefined })}
        />
        {storeOptions.length > 0 ? (
          <FilterSelect
            label="Store"
            allLabel="All stores"
            value={query.store_id ? String(query.store_id) : ''}
            options={storeOptions}
            onChange={(store_id) => update({ store_id: store_id || undefined })}
          />
        ) : null}
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
        <FilterSelect
          label="Order"
          value={query.order_by}
          options={ORDER_SORTS}
          onChange={(order_by) => update({ order_by })}
        />
      </search>

      {notice?.kind === 'results' ? (
        <ActionResults
          title={notice.title}
          results={notice.results}
          onDismiss={() => setNotice(null)}
        />
      ) : notice ? (
        <div className="alert alert-danger" role="alert" data-testid="action-notice">
          {notice.text}
        </div>
      ) : null}

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <BulkActionBar
        count={selected.size}
        noun={{ one: 'order', many: 'orders' }}
        actions={BULK_ACTIONS}
        disabled={bulkAction.isPending}
        onAction={(action) => setPending({ action, ids: [...selected] })}
        onClear={() => setSelected(new Set())}
      />

      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        rowId={(order) => order.id}
        loading={list.isPending}
        busy={list.isFetching}
        selection={{
          selected,
          onChange: setSelected,
          label: (order) => `Select order ${order.order_number}`,
        }}
        sort={{
          value: query.order_by,
          fields: SORT_FIELDS,
          onChange: (order_by) => update({ order_by }),
        }}
        rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-id': order.id })}
      />

      {page && orders.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No orders match these filters.</p>
              <Link to="/orders" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <>
              <p className="mb-3">
                No orders yet. Orders appear here as buyers check out in your stores.
              </p>
              <Link to="/storefronts" className="btn btn-primary">
                Open your stores
              </Link>
            </>
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

      <ConfirmDialog
        show={pending !== null}
        title={pending ? `${BULK_TITLES[pending.action]} ${pending.ids.length} order(s)?` : ''}
        confirmLabel={pending ? BULK_TITLES[pending.action] : ''}
        danger={pending?.action === 'cancel'}
        busy={bulkAction.isPending}
        onConfirm={() => {
          const current = pending;
          setPending(null);
          if (current) void runBulk(current.action, current.ids);
        }}
        onCancel={() => setPending(null)}
      >
        <p className="mb-0">
          {pending?.action === 'cancel'
            ? 'Paid orders are refunded. Orders already in production are left as they are.'
            : 'Orders that cannot take this action are left as they are and listed with the reason.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function orderColumns(utcOffset: number): ListColumn<OrderSummary>[] {
  const column = listColumns<OrderSummary>();
  return [
    column.accessor('order_number', {
      id: 'order',
      header: 'Order',
      cell: ({ row }) => (
        <>
          <Link
            to={`/orders/detail/${row.original.id}`}
            className="fw-semibold"
            data-testid="order-number"
          >
            {row.original.order_number}
          </Link>
          <small className="d-block text-body-secondary text-nowrap">
            {userDateTime(row.original.created_at, utcOffset)}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'buyer',
      header: 'Buyer',
      cell: ({ row }) => (
        <span className="small">
          {row.original.customer_name ?? '—'}
          <span className="d-block text-body-secondary">{row.original.email}</span>
        </span>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <OrderBadge status={row.original.status} testId="order-status" />,
    }),
    column.display({
      id: 'payment',
      header: 'Payment',
      cell: ({ row }) => <OrderBadge status={row.original.payment_status} />,
    }),
    column.display({
      id: 'fulfillment',
      header: 'Fulfillment',
      cell: ({ row }) => (
        <>
          <OrderBadge status={row.original.fulfillment_status} />
          {row.original.tracking_numbers.map((n) => (
            <small key={n} className="d-block text-body-secondary">
              {n}
            </small>
          ))}
        </>
      ),
    }),
    column.display({
      id: 'store',
      header: 'Store',
      cell: ({ row }) => <span className="small">{row.original.store_name ?? '—'}</span>,
    }),
    column.accessor('total', {
      id: 'total',
      header: 'Total',
      cell: ({ row }) => (
        <span className="text-nowrap">
          {money(row.original.total, row.original.currency)}
          <small className="d-block text-body-secondary">
            {row.original.items_count} item{row.original.items_count === 1 ? '' : 's'}
          </small>
        </span>
      ),
    }),
  ];
}
