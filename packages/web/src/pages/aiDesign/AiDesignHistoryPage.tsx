import {
  AI_JOB_STATUSES,
  AI_TOOL_LABELS,
  AI_TOOLS,
  type AiJob,
  API,
  pagePath,
  userDateTime,
} from '@printloom/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAiJobs } from '../../api/hooks/useAiDesign.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { usePageTitle } from '../usePageTitle.js';
import { AiImageCell, AiJobStatus, runDuration } from './AiJobParts.js';

const STATUS_WORDS: Record<AiJob['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/**
 * AI Design History (spec §2 /ai-design/history, beta): every tool run of the seller, newest
 * first, with input and output (size and print quality), tool, times and status; filters in the
 * address (web/src/lists).
 */
export function AiDesignHistoryPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.aiDesign.list.query);
  const list = useAiJobs(query);
  const page = list.data;
  const rows = page?.data ?? [];
  const columns = useMemo(() => historyColumns(utcOffset), [utcOffset]);
  const filtered = raw.tool !== undefined || raw.status !== undefined;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        <Link to={pagePath('ai_design')} className="btn btn-primary">
          Run a tool
        </Link>
      </div>
      <search className="d-flex flex-wrap gap-2 mb-3" aria-label="Filters">
        <FilterSelect
          label="Tool"
          value={raw.tool ?? ''}
          allLabel="All tools"
          options={AI_TOOLS.map((tool) => ({ value: tool, label: AI_TOOL_LABELS[tool] }))}
          onChange={(tool) => update({ tool: tool || undefined })}
        />
        <FilterSelect
          label="Status"
          value={raw.status ?? ''}
          allLabel="All statuses"
          options={AI_JOB_STATUSES.map((status) => ({
            value: status,
            label: STATUS_WORDS[status],
          }))}
          onChange={(status) => update({ status: status || undefined })}
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Tool runs"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'ai-job-row', 'data-id': row.id })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No runs match these filters.</p>
              <Link to={pagePath('ai_design_history')} className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No runs yet.{' '}
              <Link to={pagePath('ai_design')}>Remove a background or upscale an image</Link>
            </p>
          )}
        </div>
      ) : null}

      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="runs"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </>
  );
}

function historyColumns(utcOffset: number): ListColumn<AiJob>[] {
  const column = listColumns<AiJob>();
  return [
    column.display({
      id: 'created',
      header: 'Started',
      cell: ({ row }) => (
        <span className="small text-nowrap">
          {userDateTime(row.original.created_at, utcOffset)}
        </span>
      ),
    }),
    column.display({
      id: 'tool',
      header: 'Tool',
      cell: ({ row }) => AI_TOOL_LABELS[row.original.tool],
    }),
    column.display({
      id: 'input',
      header: 'Input',
      cell: ({ row }) => (
        <AiImageCell
          image={row.original.input}
          printWidthIn={row.original.print_width_in}
          alt="Input"
        />
      ),
    }),
    column.display({
      id: 'output',
      header: 'Output',
      cell: ({ row }) =>
        row.original.output ? (
          <a href={row.original.output.file_url} download className="text-decoration-none">
            <AiImageCell
              image={row.original.output}
              printWidthIn={row.original.print_width_in}
              alt="Output (download)"
            />
          </a>
        ) : (
          '—'
        ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <AiJobStatus job={row.original} />,
    }),
    column.display({
      id: 'took',
      header: 'Took',
      cell: ({ row }) => <span className="small">{runDuration(row.original) ?? '—'}</span>,
    }),
  ];
}
