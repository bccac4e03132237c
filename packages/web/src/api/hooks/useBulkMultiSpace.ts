import type {
  BulkJobSummary,
  BulkMultiSpaceListQueryInput,
  BulkMultiSpaceRow,
  CreateBulkJobBody,
  Paginated,
} from '@printloom/core';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';
import { useRefetchOnActivityDrop } from './activityDrop.js';

/** While rows wait or run, lists and job progress refresh this often (live progress). */
export const BULK_LIVE_REFRESH_MS = 1500;
/** Row statuses that still change without the seller doing anything. */
/** When nothing runs, how often the lists check whether something started elsewhere. */
export const BULK_IDLE_REFRESH_MS = 10_000;
export const BULK_ACTIVE_STATUSES: ReadonlySet<string> = new Set(['pending', 'processing']);

type RowPage = Paginated<BulkMultiSpaceRow>;

const hasActiveRows = (page: RowPage | undefined) =>
  page?.data.some((row) => BULK_ACTIVE_STATUSES.has(row.status)) === true;

/**
 * How many of the seller's rows wait or run, all lists together. A filtered page (say, failed
 * rows) shows none of the running rows, yet fills up as they finish, so the lists follow this
 * count rather than only their own rows. Asked every 10 s when idle, so work started elsewhere
 * (another tab, the CLI) is noticed too.
 */
export function useMultiSpaceActivity() {
  return useQuery({
    queryKey: queryKeys.bulkV3.activity(),
    queryFn: async () => {
      const [pending, processing] = await Promise.all([
        api.bulkV3.rows({ query: { status: 'pending', per_page: 1 } }),
        api.bulkV3.rows({ query: { status: 'processing', per_page: 1 } }),
      ]);
      return pending.total + processing.total;
    },
    refetchInterval: (q) => ((q.state.data ?? 0) > 0 ? BULK_LIVE_REFRESH_MS : BULK_IDLE_REFRESH_MS),
  });
}

/** A page of the multi-space bulk list; refreshes itself while any row waits or runs. */
export function useMultiSpaceList(query: BulkMultiSpaceListQueryInput, enabled = true) {
  const activeCount = useMultiSpaceActivity().data;
  const active = (activeCount ?? 0) > 0;
  const list = useQuery({
    queryKey: queryKeys.bulkV3.list(query),
    queryFn: () => api.bulkV3.rows({ query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (active || hasActiveRows(q.state.data) ? BULK_LIVE_REFRESH_MS : false),
    enabled,
  });
  useRefetchOnActivityDrop(activeCount, () => enabled && list.refetch());
  return list;
}

/** A job's row counts; refreshes while any row of it is pending or running. */
export function useBulkJob(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.bulkV3.job(id ?? 0),
    queryFn: () => api.bulkV3.job({ params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    refetchInterval: (q) => {
      const counts = (q.state.data as BulkJobSummary | undefined)?.counts;
      return counts && (counts.pending ?? 0) + (counts.processing ?? 0) > 0
        ? BULK_LIVE_REFRESH_MS
        : false;
    },
  });
}

/** The template campaign of a job as the worker sees it: products, print spaces, mockups. */
export function useBulkOrigin(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.bulkV3.origin(id ?? 0),
    queryFn: () => api.bulkV3.origin({ params: { id: id ?? 0 } }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

/** Puts the rows the server answered with into every cached page that shows them. */
function replaceRows(client: QueryClient, rows: readonly BulkMultiSpaceRow[]): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  client.setQueriesData<RowPage>({ queryKey: queryKeys.bulkV3.lists() }, (page) =>
    page ? { ...page, data: page.data.map((row) => byId.get(row.id) ?? row) } : page,
  );
}

function dropRows(client: QueryClient, ids: readonly number[]): void {
  const gone = new Set(ids);
  client.setQueriesData<RowPage>({ queryKey: queryKeys.bulkV3.lists() }, (page) => {
    if (!page) return page;
    const data = page.data.filter((row) => !gone.has(row.id));
    return { ...page, data, total: page.total - (page.data.length - data.length) };
  });
}

/**
 * Row actions of spec §4: retry, remove, start and stop update the rows from the server's
 * answer (job counts are refreshed after); start-all and stop-all refetch the lists.
 */
export function useMultiSpaceActions() {
  const client = useQueryClient();
  // Rows changed state: job counts and the activity count follow the server again.
  const refreshJobs = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.bulkV3.jobs() }),
      client.invalidateQueries({ queryKey: queryKeys.bulkV3.activity() }),
    ]);
  const retry = useMutation({
    mutationFn: (id: number) => api.bulkV3.retry({ body: { id } }),
    onSuccess: (row) => {
      replaceRows(client, [row]);
      void refreshJobs();
    },
  });
  const start = useMutation({
    mutationFn: (ids: number[]) => api.bulkV3.start({ body: { ids } }),
    onSuccess: (rows) => {
      replaceRows(client, rows);
      void refreshJobs();
    },
  });
  const stop = useMutation({
    mutationFn: (ids: number[]) => api.bulkV3.stop({ body: { ids } }),
    onSuccess: (rows) => {
      replaceRows(client, rows);
      void refreshJobs();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.bulkV3.remove({ body: { ids } }),
    onSuccess: (answer) => {
      dropRows(client, answer.ids);
      void refreshJobs();
    },
  });
  const refetchAll = () => client.invalidateQueries({ queryKey: queryKeys.bulkV3.all });
  const startAll = useMutation({
    mutationFn: () => api.bulkV3.startAll({ body: {} }),
    onSuccess: refetchAll,
  });
  const stopAll = useMutation({
    mutationFn: () => api.bulkV3.stopAll({ body: {} }),
    onSuccess: refetchAll,
  });
  return { retry, start, stop, remove, startAll, stopAll };
}

/** Most ids one start/stop call carries (the list's largest page). */
const IDS_PER_CALL = 100;

/** Ids of a job's rows in the given statuses, across every page of the list. */
async function jobRowIds(bulkId: number, statuses: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.bulkV3.rows({
      query: { bulk_id: bulkId, page, per_page: IDS_PER_CALL },
    });
    for (const row of answer.data) if (statuses.includes(row.status)) ids.push(row.id);
    if (page >= answer.last_page) return ids;
  }
}

/**
 * Start or stop a whole job: its stopped rows are queued, or its pending and processing rows
 * stopped, a hundred ids per call; the job's counts and lists are refetched after.
 */
export function useJobActions(bulkId: number) {
  const client = useQueryClient();
  const act = async (statuses: readonly string[], call: typeof api.bulkV3.start) => {
    const ids = await jobRowIds(bulkId, statuses);
    let changed = 0;
    for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
      changed += (await call({ body: { ids: ids.slice(at, at + IDS_PER_CALL) } })).length;
    }
    return changed;
  };
  const refetch = () => client.invalidateQueries({ queryKey: queryKeys.bulkV3.all });
  const start = useMutation({
    mutationFn: () => act(['stopped'], api.bulkV3.start),
    onSettled: refetch,
  });
  const stop = useMutation({
    mutationFn: () => act(['pending', 'processing'], api.bulkV3.stop),
    onSettled: refetch,
  });
  return { start, stop };
}

/** Creates a job; its list pages are refetched. */
export function useCreateBulkJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBulkJobBody) => api.bulkV3.createJob({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bulkV3.lists() }),
  });
}
