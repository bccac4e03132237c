import { can, customMockupJobRunning, errorMessage, pagePath, userDate } from '@printloom/core';
import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useCustomMockupJob,
  useCustomMockupJobs,
  useRetryCustomMockupRows,
  useStartCustomMockupJob,
} from '../../api/hooks/useBulkCustomMockup.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useCustomMockups } from '../../api/hooks/useCustomMockups.js';
import { NotFoundPage } from '../ErrorPage.js';
import { SearchBox } from '../lists/SearchBox.js';

/** Addresses the page links to, from the page table. */
export const CUSTOM_MOCKUP_BULK_PATHS = {
  start: pagePath('bulk_custom_mockup', {}),
  job: (id: number) => pagePath('bulk_custom_mockup', { id }),
  mockups: pagePath('campaign_mockup', {}),
  edit: (id: number) => pagePath('campaign_edit', { id }),
} as const;

const CAMPAIGNS_PER_PAGE = 20;

const ROW_VARIANT = {
  pending: 'secondary',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
} as const;

/**
 * Bulk custom mockup (spec §2 /bulk-campaigns/custom/mockup/{id?}): without an id, choose one of
 * the seller's own mockup photos and the campaigns to draw it with, then start; with an id, the
 * job's progress and each campaign's result, failed ones with their reason and a retry.
 */
export function BulkCustomMockupPage() {
  const raw = useParams().id;
  if (raw === undefined) return <StartJob />;
  const id = Number(raw);
  if (/^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0) return <JobView id={id} />;
  return <NotFoundPage />;
}

function StartJob() {
  const user = useMe();
  const navigate = useNavigate();
  const mockups = useCustomMockups();
  const [mockupId, setMockupId] = useState<number | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);
  const campaigns = useCampaignList({
    q: q || undefined,
    page,
    per_page: CAMPAIGNS_PER_PAGE,
    order_by: 'id:desc',
    product_type: 'campaign',
  });
  const rows = campaigns.data?.data ?? [];
  const canStart = user ? can(user, 'update_campaign') : false;
  const start = useStartCustomMockupJob();
  const toggle = (id: number, name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((c) => selected.has(c.id));

  return (
    <div>
      <h1 className="h3 mb-1">Custom mockup bulk</h1>
      <p className="text-body-secondary">
        Draw one of your own mockup photos with the design of many campaigns at once: each campaign
        gets the picture among its mockups.
      </p>
      {canStart ? (
        <Form
          aria-label="Start a custom mockup job"
          className="mb-5"
          onSubmit={(event) => {
            event.preventDefault();
            setProblem(null);
            if (!mockupId) return setProblem('Choose a custom mockup.');
            if (selected.size === 0) return setProblem('Select at least one campaign.');
            start.mutate(
              { custom_mockup_id: mockupId ?? 0, campaign_ids: [...selected.keys()] },
              {
                onSuccess: (job) => navigate(CUSTOM_MOCKUP_BULK_PATHS.job(job.id)),
                onError: (error) => setProblem(errorMessage(error)),
              },
            );
          }}
        >
          <fieldset>
            <legend className="fs-6 fw-semibold">1. Custom mockup</legend>
            {mockups.isPending ? (
              <p>Loading your mockups…</p>
            ) : mockups.isError ? (
              <div className="alert alert-danger" role="alert">
                {errorMessage(mockups.error)}
              </div>
            ) : (mockups.data ?? []).length === 0 ? (
              <p>
                You have no custom mockup yet:{' '}
                <Link to={CUSTOM_MOCKUP_BULK_PATHS.mockups}>upload a mockup photo</Link> first.
              </p>
            ) : (
              <div className="d-flex flex-wrap gap-3">
                {(mockups.data ?? []).map((mockup) => (
                  <Form.Check
                    key={mockup.id}
                    type="radio"
                    name="custom-mockup"
                    id={`custom-mockup-${mockup.id}`}
                    checked={mockupId === mockup.id}
                    onChange={() => setMockupId(mockup.id)}
                    label={
                      <span className="d-inline-flex align-items-center gap-2">
                        <img
                          src={mockup.file_url}
                          alt=""
                          width={56}
                          height={56}
                          className="rounded object-fit-cover border"
                        />
                        {mockup.name}
                      </span>
                    }
                  />
                ))}
              </div>
            )}
          </fieldset>

          <fieldset className="mt-4">
            <legend className="fs-6 fw-semibold">2. Campaigns</legend>
            <div style={{ maxWidth: 360 }}>
              <SearchBox value={q} onSearch={onSearch} label="Search your campaigns" />
            </div>
            {campaigns.isError ? (
              <div className="alert alert-danger mt-2" role="alert">
                {errorMessage(campaigns.error)}
              </div>
            ) : campaigns.isPending ? (
              <p className="mt-2">Loading campaigns…</p>
            ) : rows.length === 0 ? (
              <p className="mt-2 text-body-secondary">
                {q ? `No campaign matches “${q}”.` : 'You have no campaigns yet.'}
              </p>
            ) : (
              <Table size="sm" className="mt-2" aria-label="Campaigns" style={{ maxWidth: 640 }}>
                <thead>
                  <tr>
                    <th scope="col" style={{ width: 40 }}>
                      <Form.Check
                        aria-label="Select every campaign on this page"
                        checked={allOnPage}
                        onChange={(event) => {
                          for (const c of rows) toggle(c.id, c.name, event.target.checked);
                        }}
                      />
                    </th>
                    <th scope="col">Campaign</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((campaign) => (
                    <tr key={campaign.id}>
                      <td>
                        <Form.Check
                          aria-label={`Select ${campaign.name}`}
                          checked={selected.has(campaign.id)}
                          onChange={(event) =>
                            toggle(campaign.id, campaign.name, event.target.checked)
                          }
                        />
                      </td>
                      <td>
                        {campaign.name}{' '}
                        <small className="text-body-secondary">#{campaign.id}</small>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {campaigns.data && campaigns.data.last_page > 1 ? (
              <div className="d-flex gap-2 align-items-center">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <span className="small">
                  Page {page} of {campaigns.data.last_page}
                </span>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={page >= campaigns.data.last_page}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </div>
            ) : null}
            <p className="mt-2 mb-0" aria-live="polite" data-testid="selected-count">
              {selected.size} {selected.size === 1 ? 'campaign' : 'campaigns'} selected
              {selected.size > 0 ? (
                <Button
                  size="sm"
                  variant="link"
                  onClick={() => setSelected(new Map())}
                  className="ms-2"
                >
                  Clear
                </Button>
              ) : null}
            </p>
          </fieldset>
          {problem ? (
            <div className="alert alert-danger mt-3" role="alert">
              {problem}
            </div>
          ) : null}
          <Button type="submit" className="mt-3" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start'}
          </Button>
        </Form>
      ) : (
        <div className="alert alert-info">You may see custom mockup jobs but not start one.</div>
      )}
      <RecentJobs />
    </div>
  );
}

function RecentJobs() {
  const user = useMe();
  const jobs = useCustomMockupJobs();
  const list = jobs.data ?? [];
  return (
    <section aria-labelledby="custom-mockup-jobs">
      <h2 id="custom-mockup-jobs" className="h5">
        Recent jobs
      </h2>
      {jobs.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(jobs.error)}
        </div>
      ) : list.length === 0 ? (
        <p className="text-body-secondary">{jobs.isPending ? 'Loading…' : 'No job yet.'}</p>
      ) : (
        <Table size="sm" aria-label="Recent custom mockup jobs" style={{ maxWidth: 720 }}>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Mockup</th>
              <th scope="col">Done</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {list.map((job) => (
              <tr key={job.id}>
                <td>
                  <Link to={CUSTOM_MOCKUP_BULK_PATHS.job(job.id)}>Job #{job.id}</Link>
                </td>
                <td>{job.mockup_name ?? '—'}</td>
                <td>
                  {job.counts.completed} of {job.total}
                  {job.counts.failed > 0 ? `, ${job.counts.failed} failed` : ''}
                </td>
                <td className="small">{userDate(job.created_at, user?.utc_offset ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function JobView({ id }: { id: number }) {
  const user = useMe();
  const job = useCustomMockupJob(id);
  const retry = useRetryCustomMockupRows(id);
  const canRetry = user ? can(user, 'update_campaign') : false;

  if (job.isPending) {
    return (
      <p>
        <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
        Loading job #{id}…
      </p>
    );
  }
  if (job.isError) {
    return (
      <div>
        <h1 className="h3">Custom mockup job #{id}</h1>
        <div className="alert alert-danger" role="alert">
          {errorMessage(job.error)}
        </div>
        <Link to={CUSTOM_MOCKUP_BULK_PATHS.start}>Back to custom mockup bulk</Link>
      </div>
    );
  }
  const data = job.data;
  const finished = data.counts.completed + data.counts.failed;
  const percent = data.total === 0 ? 100 : Math.round((finished / data.total) * 100);
  const running = customMockupJobRunning(data);
  return (
    <div>
      <h1 className="h3 mb-1">Custom mockup job #{data.id}</h1>
      <p className="text-body-secondary">
        {data.mockup_name ? `Mockup “${data.mockup_name}”` : 'Mockup deleted'} on {data.total}{' '}
        {data.total === 1 ? 'campaign' : 'campaigns'}
      </p>
      <div aria-live="polite" className="mb-3" style={{ maxWidth: 640 }}>
        <p className="mb-2" data-testid="job-counts">
          {data.counts.completed} done, {data.counts.failed} failed, {data.counts.pending} waiting,{' '}
          {data.counts.processing} drawing
          {running ? <span className="ms-2 small">This page updates by itself.</span> : null}
        </p>
        <ProgressBar now={percent} animated={running} aria-label="Job progress" />
      </div>
      {canRetry && data.counts.failed > 0 ? (
        <Button
          variant="outline-secondary"
          className="mb-3"
          disabled={retry.isPending}
          onClick={() => retry.mutate(undefined)}
        >
          Retry failed rows
        </Button>
      ) : null}
      {retry.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(retry.error)}
        </div>
      ) : null}
      <Table size="sm" responsive aria-label="Job rows">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Status</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.id} data-testid="job-row">
              <td>
                <Link to={CUSTOM_MOCKUP_BULK_PATHS.edit(row.campaign_id)}>
                  {row.campaign_name ?? `Campaign #${row.campaign_id}`}
                </Link>
              </td>
              <td>
                <span className={`badge text-bg-${ROW_VARIANT[row.status]}`}>{row.status}</span>
              </td>
              <td>
                {row.status === 'completed' && row.file_url ? (
                  <a href={row.file_url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={row.file_url}
                      alt={`Mockup of ${row.campaign_name ?? `campaign #${row.campaign_id}`}`}
                      height={48}
                      className="rounded border"
                    />
                  </a>
                ) : row.status === 'failed' ? (
                  <span className="d-inline-flex gap-2 align-items-center">
                    <span className="text-danger small">{row.reason}</span>
                    {canRetry ? (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate([row.id])}
                      >
                        Retry
                        <span className="visually-hidden">
                          {' '}
                          {row.campaign_name ?? `campaign #${row.campaign_id}`}
                        </span>
                      </Button>
                    ) : null}
                  </span>
                ) : (
                  <span className="small text-body-secondary">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Link to={CUSTOM_MOCKUP_BULK_PATHS.start}>Start another job</Link>
    </div>
  );
}
