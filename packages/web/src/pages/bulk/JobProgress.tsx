import { type BulkJobSummary, type BulkMultiSpaceRow, errorMessage } from '@printloom/core';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useBulkJob, useJobActions, useMultiSpaceList } from '../../api/hooks/useBulkMultiSpace.js';
import { toasts } from '../../toast/toastStore.js';
import { tabIdentity } from '../../worker/clientIdentity.js';
import { ListPagination } from '../lists/ListPagination.js';
import { StatusBadge } from '../lists/StatusBadge.js';
import { JOB_ROWS_PER_PAGE, MULTI_SPACE_LIST_PATH } from './constants.js';

/** Rows that will not change any more by themselves. */
const FINISHED = ['completed', 'failed', 'duplicate'] as const;

export function jobNumbers(job: BulkJobSummary) {
  const count = (status: string) => job.counts[status as keyof BulkJobSummary['counts']] ?? 0;
  const finished = FINISHED.reduce((sum, status) => sum + count(status), 0);
  return {
    total: job.total,
    processed: count('completed'),
    failed: count('failed'),
    pending: count('pending'),
    processing: count('processing'),
    stopped: count('stopped'),
    finished,
    percent: job.total === 0 ? 0 : Math.round((finished / job.total) * 100),
  };
}

/**
 * The workers that processed the rows shown, by the name they gave (`server worker 1` of
 * `printloom serve`, the device of a `printloom bulk run`); this browser's own tab worker is
 * "this browser". In the order first seen.
 */
export function processedBy(
  rows: readonly Pick<BulkMultiSpaceRow, 'status' | 'device_id'>[],
  ownDeviceId: string,
): string[] {
  const names = new Set<string>();
  for (const row of rows) {
    if (row.status !== 'completed' || !row.device_id) continue;
    names.add(row.device_id === ownDeviceId ? 'this browser' : row.device_id);
  }
  return [...names];
}

/**
 * Step 4 of the import: the job's progress, live. Counts per status and a progress bar from
 * the job summary, and the job's rows with their status reaching processed (or failed with the
 * worker's message), both refreshed while rows wait or run.
 */
export function JobProgress({ jobId }: { jobId: number }) {
  const job = useBulkJob(jobId);
  const [page, setPage] = useState(1);
  const rows = useMultiSpaceList({
    bulk_id: jobId,
    page,
    per_page: JOB_ROWS_PER_PAGE,
    order_by: 'id:asc',
  });
  const actions = useJobActions(jobId);
  // The counts and the rows are two requests on their own timers: whenever the counts move,
  // fetch the rows too, so the table never lags behind the numbers above it.
  const countsKey = job.data ? JSON.stringify(job.data.counts) : '';
  const refetchRows = rows.refetch;
  useEffect(() => {
    if (countsKey) void refetchRows();
  }, [countsKey, refetchRows]);

  if (job.isPending) {
    return (
      <p>
        <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
        Loading job #{jobId}…
      </p>
    );
  }
  if (job.isError) {
    return (
      <div className="alert alert-danger d-flex gap-3 align-items-center" role="alert">
        <span className="flex-grow-1">{errorMessage(job.error)}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void job.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const n = jobNumbers(job.data);
  const running = n.pending + n.processing > 0;
  const workers = processedBy(rows.data?.data ?? [], tabIdentity().deviceId);
  const run = (which: 'start' | 'stop') =>
    actions[which].mutate(undefined, {
      onSuccess: (changed) =>
        toasts.show('success', `${changed} rows ${which === 'start' ? 'queued' : 'stopped'}.`),
      onError: (error) => toasts.show('danger', errorMessage(error)),
    });

  return (
    <section aria-labelledby="job-title" data-testid="job-progress">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="job-title" className="h5 mb-0">
          Job #{job.data.id}
          {job.data.template_campaign_name ? ` · ${job.data.template_campaign_name}` : ''}
        </h2>
        <div className="d-flex gap-2">
          {n.stopped > 0 ? (
            <Button
              variant="success"
              disabled={actions.start.isPending}
              onClick={() => run('start')}
            >
              Start job
            </Button>
          ) : null}
          {running ? (
            <Button
              variant="outline-warning"
              disabled={actions.stop.isPending}
              onClick={() => run('stop')}
            >
              Stop job
            </Button>
          ) : null}
        </div>
      </div>

      <ProgressBar
        now={n.percent}
        label={`${n.percent}%`}
        animated={running}
        striped={running}
        variant={n.failed > 0 && !running ? 'warning' : 'success'}
        aria-label="Job progress"
        className="mb-2"
        style={{ height: 20 }}
      />
      <dl className="d-flex flex-wrap gap-4 mb-2 small" data-testid="job-counts" aria-live="polite">
        {(
          [
            ['Rows', n.total],
            ['Processed', n.processed],
            ['Failed', n.failed],
            ['Processing', n.processing],
            ['Pending', n.pending],
            ['Stopped', n.stopped],
          ] as const
        ).map(([label, value]) => (
          <div key={label} data-count={label.toLowerCase()}>
            <dt className="fw-normal text-body-secondary">{label}</dt>
            <dd className="fs-5 mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small text-body-secondary" aria-live="polite">
        {running ? (
          <>
            Rows are processed by the bulk workers of the server (<code>printloom serve</code>), by
            the worker of an open dashboard tab and by any <code>printloom bulk run</code>; leaving
            this page does not stop the job, and the page refreshes by itself.
          </>
        ) : n.stopped > 0 ? (
          'The job is stopped: start it to queue its rows.'
        ) : (
          `Finished: ${n.processed} processed, ${n.failed} failed.`
        )}{' '}
        <Link to={MULTI_SPACE_LIST_PATH}>All bulk rows</Link>
      </p>
      {workers.length > 0 ? (
        <p className="small text-body-secondary" data-testid="job-workers">
          Processed by {workers.join(', ')}.
        </p>
      ) : null}

      {rows.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(rows.error)}
        </div>
      ) : null}
      <div className="table-responsive">
        <Table size="sm" className="align-middle" data-testid="job-rows">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Campaign name</th>
              <th scope="col">Status</th>
              <th scope="col">Campaign</th>
            </tr>
          </thead>
          <tbody>
            {(rows.data?.data ?? []).map((row) => (
              <tr key={row.id} data-testid="job-row" data-status={row.status}>
                <td className="small text-body-secondary">{row.id}</td>
                <td>{row.campaign_name ?? `Row ${row.id}`}</td>
                <td>
                  <StatusBadge status={row.status} />
                  {row.message ? (
                    <small className="d-block text-danger">{row.message}</small>
                  ) : null}
                </td>
                <td className="small">
                  {row.campaign_id ? (
                    <Link to={`/campaigns/edit/${row.campaign_id}`}>#{row.campaign_id}</Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {rows.data ? (
        <ListPagination
          page={rows.data.current_page}
          lastPage={rows.data.last_page}
          total={rows.data.total}
          totalIsCapped={rows.data.total_is_capped}
          from={rows.data.from}
          to={rows.data.to}
          noun="rows"
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
