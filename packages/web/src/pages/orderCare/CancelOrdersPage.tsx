import {
  API,
  CANCEL_REQUEST_STATUSES,
  type CancelRequestRow,
  errorMessage,
  userDateTime,
} from '@printloom/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCancelRequests, useDecideCancelRequest } from '../../api/hooks/useOrderCare.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { money } from '../customers/money.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';

const STATUS_LABELS: Record<(typeof CANCEL_REQUEST_STATUSES)[number], string> = {
  pending: 'Waiting',
  approved: 'Approved',
  refused: 'Refused',
};

type Decision = { id: number; decision: 'approve' | 'refuse'; order: string };

/**
 * Cancel Orders (spec §2 /cancel-orders, issue 13): buyers' requests to cancel, on the list
 * pattern, each approved (the order is cancelled, refunded when paid) or refused after a
 * confirmation.
 */
export function CancelOrdersPage() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.orderCare.cancelRequests.query);
  const list = useCancelRequests(query);
  const decide = useDecideCancelRequest();
  const [pending, setPending] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows = page?.data ?? ([] as CancelRequestRow[]);
  const filtered = raw.q !== undefined || raw.status !== undefined;
  const onDecide = useRef<(d: Decision) => void>(() => {});
  onDecide.current = setPending;
  const columns = useMemo(
    () => requestColumns(utcOffset, decide.isPending, (d) => onDecide.current(d)),
    [utcOffset, decide.isPending],
  );
  const last = useRef<Decision | null>(null);
  if (pending) last.current = pending;
  const shown = pending ?? last.current;

  async function confirm() {
    const current = pending;
    setPending(null);
    if (!current) return;
    try {
      await decide.mutateAsync({ id: current.id, decision: current.decision });
      setNotice({
        ok: true,
        text:
          current.decision === 'approve'
            ? `Order ${current.order} cancelled.`
            : `Request for ${current.order} refused.`,
      });
    } catch (error) {
      setNotice({ ok: false, text: `${current.order}: ${errorMessage(error)}` });
    }
  }

  return (
    <>
      <h1 className="h3 mb-3">Cancel Orders</h1>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox
            value={raw.q ?? ''}
            onSearch={onSearch}
            label="Search by order number or email"
          />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All requests"
          value={query.status ?? ''}
          options={CANCEL_REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(status) => update({ status: status || undefined })}
        />
      </search>

      {notice ? (
        <div
          className={`alert ${notice.ok ? 'alert-success' : 'alert-danger'} alert-dismissible`}
          role={notice.ok ? 'status' : 'alert'}
          data-testid="action-notice"
        >
          {notice.text}
          <button
            type="button"
            className="btn-close"
            aria-label="Dismiss"
            onClick={() => setNotice(null)}
          />
        </div>
      ) : null}

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Cancellation requests"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'cancel-request-row', 'data-request-id': row.id })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No requests match these filters.</p>
              <Link to="/cancel-orders" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No cancellation requests. Buyers ask from their order’s status page with the order
              number and email.
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
          noun="requests"
          onPage={(next) => update({ page: next })}
        />
      ) : null}

      <ConfirmDialog
        show={pending !== null}
        title={shown?.decision === 'approve' ? 'Cancel this order?' : 'Refuse this request?'}
        confirmLabel={shown?.decision === 'approve' ? 'Cancel order' : 'Refuse request'}
        danger={shown?.decision === 'approve'}
        busy={decide.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <p className="mb-0">
          {shown?.decision === 'approve'
            ? `Order ${shown.order} will be cancelled and refunded if it was paid.`
            : `Order ${shown?.order ?? ''} goes on as it is.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

function requestColumns(
  utcOffset: number,
  working: boolean,
  onDecide: (d: Decision) => void,
): ListColumn<CancelRequestRow>[] {
  const column = listColumns<CancelRequestRow>();
  return [
    column.accessor('order_number', {
      id: 'order',
      header: 'Order',
      cell: ({ row }) => (
        <>
          <Link to={`/orders/detail/${row.original.order_id}`} className="fw-semibold">
            {row.original.order_number}
          </Link>
          <small className="d-block text-body-secondary">
            {row.original.customer_name ?? row.original.email} ·{' '}
            {money(row.original.total, row.original.currency)}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'reason',
      header: 'Reason',
      cell: ({ row }) => row.original.reason ?? <span className="text-body-secondary">—</span>,
    }),
    column.display({
      id: 'asked',
      header: 'Asked',
      cell: ({ row }) => (
        <span className="small text-nowrap">
          {userDateTime(row.original.created_at, utcOffset)}
        </span>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className="small">
          {STATUS_LABELS[row.original.status]}
          <span className="d-block text-body-secondary">Order: {row.original.order_status}</span>
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) =>
        row.original.status === 'pending' ? (
          <span className="d-flex gap-1">
            <Button
              size="sm"
              variant="outline-danger"
              disabled={working}
              aria-label={`Approve cancellation of ${row.original.order_number}`}
              onClick={() =>
                onDecide({
                  id: row.original.id,
                  decision: 'approve',
                  order: row.original.order_number,
                })
              }
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={working}
              aria-label={`Refuse cancellation of ${row.original.order_number}`}
              onClick={() =>
                onDecide({
                  id: row.original.id,
                  decision: 'refuse',
                  order: row.original.order_number,
                })
              }
            >
              Refuse
            </Button>
          </span>
        ) : null,
    }),
  ];
}
