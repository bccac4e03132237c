import { API, type Customer, errorMessage, userDate, userDateTime } from '@printloom/core';
import { useCallback, useMemo, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCustomer, useCustomerList } from '../../api/hooks/useCustomers.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge } from '../lists/StatusBadge.js';
import { money } from './money.js';

const CUSTOMER_ORDERS = [
  { value: 'last_order_at:desc', label: 'Latest order first' },
  { value: 'last_order_at:asc', label: 'Oldest order first' },
  { value: 'total_spent:desc', label: 'Spent most' },
  { value: 'orders_count:desc', label: 'Most orders' },
  { value: 'email:asc', label: 'Email A–Z' },
] as const;

/** Column ids the headers sort by, with the list's order field. */
const SORT_FIELDS = {
  email: 'email',
  orders: 'orders_count',
  spent: 'total_spent',
  last: 'last_order_at',
} as const;

type Row = Customer & { key: number };

/**
 * Customers (spec §2 /customers, issue 13): the seller's buyers derived from their orders, on the
 * list pattern of `web/src/lists` (search on email and name, order, pages in the address), a CSV
 * export of the filtered list, and a drawer with a buyer's details and orders.
 */
export function CustomersPage() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.customers.list.query);
  const list = useCustomerList(query);
  const [open, setOpen] = useState<string | null>(null);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows: Row[] = useMemo(
    () => (page?.data ?? ([] as Customer[])).map((customer, key) => ({ ...customer, key })),
    [page],
  );
  const filtered = raw.q !== undefined;
  const columns = useMemo(() => customerColumns(utcOffset, setOpen), [utcOffset]);
  const exportParams = new URLSearchParams();
  if (query.q) exportParams.set('q', query.q);
  exportParams.set('order_by', query.order_by);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Customers</h1>
        <a
          className="btn btn-outline-primary"
          href={`${API.customers.exportCsv.path}?${exportParams}`}
          download="customers.csv"
          data-testid="export-customers"
        >
          Export CSV
        </a>
      </div>

      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox value={raw.q ?? ''} onSearch={onSearch} label="Search by email or name" />
        </div>
        <FilterSelect
          label="Order"
          value={query.order_by}
          options={CUSTOMER_ORDERS}
          onChange={(order_by) => update({ order_by })}
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Customers"
        columns={columns}
        rows={rows}
        rowId={(row) => row.key}
        loading={list.isPending}
        busy={list.isFetching}
        sort={{
          value: query.order_by,
          fields: SORT_FIELDS,
          onChange: (order_by) => update({ order_by }),
        }}
        rowProps={(row) => ({ 'data-testid': 'customer-row', 'data-email': row.email })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No customers match this search.</p>
              <Link to="/customers" className="btn btn-outline-secondary">
                Clear search
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No customers yet. Buyers appear here with their first order on one of your stores.
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
          noun="customers"
          onPage={(next) => update({ page: next })}
        />
      ) : null}

      <CustomerDrawer email={open} utcOffset={utcOffset} onClose={() => setOpen(null)} />
    </>
  );
}

function customerColumns(utcOffset: number, onOpen: (email: string) => void): ListColumn<Row>[] {
  const column = listColumns<Row>();
  return [
    column.accessor('email', {
      id: 'email',
      header: 'Customer',
      cell: ({ row }) => (
        <>
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-start"
            onClick={() => onOpen(row.original.email)}
            data-testid="customer-open"
          >
            {row.original.name ?? row.original.email}
          </button>
          <small className="d-block text-body-secondary">{row.original.email}</small>
        </>
      ),
    }),
    column.display({
      id: 'country',
      header: 'Country',
      cell: ({ row }) => row.original.country ?? '—',
    }),
    column.accessor('orders_count', { id: 'orders', header: 'Orders' }),
    column.display({
      id: 'spent',
      header: 'Total spent',
      cell: ({ row }) => money(row.original.total_spent, row.original.currency),
    }),
    column.display({
      id: 'last',
      header: 'Last order',
      cell: ({ row }) => (
        <span className="small text-nowrap">{userDate(row.original.last_order_at, utcOffset)}</span>
      ),
    }),
  ];
}

function CustomerDrawer(props: { email: string | null; utcOffset: number; onClose: () => void }) {
  const detail = useCustomer(props.email);
  const customer = detail.data;
  return (
    <Offcanvas
      show={props.email !== null}
      onHide={props.onClose}
      placement="end"
      aria-labelledby="customer-title"
    >
      <Offcanvas.Header closeButton closeLabel="Close customer details">
        <Offcanvas.Title id="customer-title">{customer?.name ?? props.email}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {detail.isPending ? (
          <p role="status">Loading…</p>
        ) : detail.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorMessage(detail.error)}
          </div>
        ) : customer ? (
          <div data-testid="customer-detail">
            <dl className="row small">
              <dt className="col-5">Email</dt>
              <dd className="col-7 text-break">{customer.email}</dd>
              <dt className="col-5">Country</dt>
              <dd className="col-7">{customer.country ?? '—'}</dd>
              <dt className="col-5">Orders</dt>
              <dd className="col-7">{customer.orders_count}</dd>
              <dt className="col-5">Total spent</dt>
              <dd className="col-7">
                {customer.spent.length === 0
                  ? '—'
                  : customer.spent.map((s) => money(s.total, s.currency)).join(' · ')}
              </dd>
              <dt className="col-5">First order</dt>
              <dd className="col-7">{userDateTime(customer.first_order_at, props.utcOffset)}</dd>
            </dl>
            <h2 className="h6">Orders</h2>
            <ul className="list-group">
              {customer.orders.map((order) => (
                <li key={order.id} className="list-group-item" data-testid="customer-order">
                  <div className="d-flex justify-content-between gap-2">
                    <Link to={`/orders/detail/${order.id}`} className="fw-semibold">
                      {order.order_number}
                    </Link>
                    <span>{money(order.total, order.currency)}</span>
                  </div>
                  <div className="d-flex flex-wrap gap-1 align-items-center small">
                    <StatusBadge status={order.status} />
                    <span className="text-body-secondary">{order.payment_status}</span>
                    <span className="text-body-secondary ms-auto">
                      {userDate(order.created_at, props.utcOffset)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
