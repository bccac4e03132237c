import { BULK_JOB_STATUSES, errorMessage, userDate } from '@printloom/core';
import { type ReactNode, useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { GenericModal } from '../../shell/GenericModal.js';
import { toasts } from '../../toast/toastStore.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { BULK_ORDERS, BULK_PER_PAGE_OPTIONS } from '../lists/listQuery.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge, statusLabel } from '../lists/StatusBadge.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';

/** One row of a bulk list, whatever its kind. */
export interface BulkListItem {
  id: number;
  status: string;
  name: string;
  /** A second line under the name (job, designs, collection). */
  detail?: ReactNode;
  message: string | null | undefined;
  campaign_id: number | null;
  created_at: string;
}

export type BulkRowAction = 'retry' | 'start' | 'stop' | 'remove';

interface Mutation<Variables, Answer = unknown> {
  mutateAsync: (variables: Variables) => Promise<Answer>;
}

/** The row and list actions of a bulk list, as its mutation hook returns them. */
export interface BulkListActions {
  retry: Mutation<number>;
  start: Mutation<number[]>;
  stop: Mutation<number[]>;
  remove: Mutation<number[]>;
  startAll: Mutation<void, { updated: number }>;
  stopAll: Mutation<void, { updated: number }>;
}

/** Runs one row's action: retry takes the row id, the others a list of ids. */
function runRowAction(actions: BulkListActions, action: BulkRowAction, id: number) {
  return action === 'retry' ? actions.retry.mutateAsync(id) : actions[action].mutateAsync([id]);
}

export interface BulkListState {
  q: string;
  page: string;
  per_page: string;
  status: string;
  time: string;
  from: string;
  to: string;
  order_by: string;
}

interface Page {
  total: number;
  total_is_capped: boolean;
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
}

export interface BulkListViewProps {
  title: string;
  noun: string;
  /** Buttons beside the title (import link). */
  headerActions?: ReactNode;
  /** Filters beside the shared ones (type). */
  extraFilters?: ReactNode;
  state: BulkListState;
  onChange: (change: Partial<BulkListState>, options?: { replace?: boolean }) => void;
  utcOffset: number;
  items: readonly BulkListItem[] | undefined;
  page: Page | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  onRefetch: () => void;
  /** Which actions a row of a status offers. */
  actionsFor: (status: string) => readonly BulkRowAction[];
  /** The list's mutations; each resolves when the server answered (the rows are then updated). */
  actions: BulkListActions;
  emptyHint: ReactNode;
  /** Rows wait or run somewhere (not only on this page): the list refreshes by itself. */
  live: boolean;
}

const ACTION_LABELS: Record<BulkRowAction, string> = {
  retry: 'Retry',
  start: 'Start',
  stop: 'Stop',
  remove: 'Remove',
};
const ACTION_VARIANTS: Record<BulkRowAction, string> = {
  retry: 'outline-primary',
  start: 'outline-success',
  stop: 'outline-warning',
  remove: 'outline-danger',
};

/**
 * A bulk list (spec §2 /bulk-campaigns pages): the bulk list query of spec §3 in the address,
 * row actions retry / start / stop / remove that update the row from the server's answer
 * (remove asks first), start-all and stop-all that refetch, and live refresh while rows run.
 */
export function BulkListView(props: BulkListViewProps) {
  const { state, onChange, page } = props;
  const items = props.items ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<BulkListItem | null>(null);
  const onSearch = useCallback((q: string) => onChange({ q }, { replace: true }), [onChange]);
  const filtered = state.q !== '' || state.status !== '' || state.time !== '';
  const live =
    props.live || items.some((item) => item.status === 'pending' || item.status === 'processing');

  const run = async (key: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await work();
      if (done) toasts.show('success', done);
    } catch (error) {
      toasts.show('danger', errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{props.title}</h1>
        <div className="d-flex flex-wrap gap-2">
          {props.headerActions}
          <Button
            variant="outline-success"
            disabled={busy !== null}
            onClick={() =>
              void run('start-all', async () => {
                const answer = await props.actions.startAll.mutateAsync();
                toasts.show('success', `${answer.updated} ${props.noun} started.`);
              })
            }
          >
            Start all
          </Button>
          <Button
            variant="outline-warning"
            disabled={busy !== null}
            onClick={() =>
              void run('stop-all', async () => {
                const answer = await props.actions.stopAll.mutateAsync();
                toasts.show('success', `${answer.updated} ${props.noun} stopped.`);
              })
            }
          >
            Stop all
          </Button>
        </div>
      </div>

      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox value={state.q} onSearch={onSearch} label={`Search ${props.noun}`} />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={state.status}
          options={BULK_JOB_STATUSES.map((status) => ({
            value: status,
            label: statusLabel(status),
          }))}
          onChange={(status) => onChange({ status })}
        />
        {props.extraFilters}
        <TimeRangeFilter value={state} utcOffset={props.utcOffset} onChange={onChange} />
        <FilterSelect
          label="Order"
          value={state.order_by}
          options={BULK_ORDERS}
          onChange={(order_by) => onChange({ order_by })}
        />
        <Form.Select
          aria-label="Rows per page"
          className="w-auto"
          value={state.per_page}
          onChange={(event) => onChange({ per_page: event.target.value })}
        >
          {BULK_PER_PAGE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size} per page
            </option>
          ))}
        </Form.Select>
      </search>

      <ListLoadError error={props.error} onRetry={props.onRefetch} />

      {live ? (
        <p className="small text-body-secondary mb-2" aria-live="polite">
          <Spinner size="sm" animation="grow" className="me-2" aria-hidden="true" />
          Rows are being processed; this list refreshes by itself.
        </p>
      ) : null}

      <div className="table-responsive">
        <Table hover className="align-middle" aria-busy={props.isFetching}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Campaign</th>
              <th scope="col">Created</th>
              <th scope="col" className="text-end">
                Actions
              </th>
            </tr>
          </thead>
          <tbody data-testid="bulk-rows">
            {props.isPending ? <LoadingRows /> : null}
            {items.map((item) => (
              <tr key={item.id} data-testid="bulk-row" data-row-id={item.id}>
                <td className="text-body-secondary small">{item.id}</td>
                <td>
                  <span className="fw-semibold">{item.name}</span>
                  {item.detail ? (
                    <small className="d-block text-body-secondary">{item.detail}</small>
                  ) : null}
                </td>
                <td>
                  <StatusBadge status={item.status} />
                  {item.message ? (
                    <small className="d-block text-danger" data-testid="row-message">
                      {item.message}
                    </small>
                  ) : null}
                </td>
                <td className="small">
                  {item.campaign_id ? (
                    <Link to={`/campaigns/edit/${item.campaign_id}`}>#{item.campaign_id}</Link>
                  ) : (
                    <span className="text-body-secondary">—</span>
                  )}
                </td>
                <td className="small text-nowrap">{userDate(item.created_at, props.utcOffset)}</td>
                <td className="text-end text-nowrap">
                  {props.actionsFor(item.status).map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={ACTION_VARIANTS[action]}
                      className="ms-1"
                      disabled={busy !== null}
                      aria-label={`${ACTION_LABELS[action]} ${item.name}`}
                      onClick={() =>
                        action === 'remove'
                          ? setConfirmRemove(item)
                          : void run(`${action}-${item.id}`, () =>
                              runRowAction(props.actions, action, item.id),
                            )
                      }
                    >
                      {busy === `${action}-${item.id}` ? (
                        <Spinner size="sm" animation="border" aria-hidden="true" />
                      ) : (
                        ACTION_LABELS[action]
                      )}
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>

      {page && items.length === 0 && !props.isPending ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No {props.noun} match these filters.</p>
              <Button
                variant="outline-secondary"
                onClick={() => onChange({ q: '', status: '', time: '', from: '', to: '' })}
              >
                Clear filters
              </Button>
            </>
          ) : (
            props.emptyHint
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
          noun={props.noun}
          onPage={(next) => onChange({ page: String(next) })}
        />
      ) : null}

      <GenericModal
        id="confirm-remove"
        show={confirmRemove !== null}
        size="sm"
        centered
        title="Remove this row?"
        onHide={() => setConfirmRemove(null)}
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => setConfirmRemove(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy !== null}
              onClick={() => {
                const item = confirmRemove;
                if (!item) return;
                void run(
                  `remove-${item.id}`,
                  () => runRowAction(props.actions, 'remove', item.id),
                  `${item.name} removed.`,
                ).then(() => setConfirmRemove(null));
              }}
            >
              Remove
            </Button>
          </>
        }
      >
        {confirmRemove ? (
          <p className="mb-0">
            <strong>{confirmRemove.name}</strong> (row {confirmRemove.id}) will be removed from the
            list. A campaign it already created stays.
          </p>
        ) : null}
      </GenericModal>
    </>
  );
}

function LoadingRows() {
  return (
    <>
      {[0, 1, 2, 3].map((row) => (
        <tr key={row}>
          <td colSpan={6}>
            <Placeholder animation="glow">
              {row === 0 ? <span className="visually-hidden">Loading…</span> : null}
              <Placeholder xs={12} />
            </Placeholder>
          </td>
        </tr>
      ))}
    </>
  );
}
