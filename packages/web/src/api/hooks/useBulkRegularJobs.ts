import type {
  BulkRegularListQueryInput,
  BulkRegularRow,
  CreateBulkRegularJobsBody,
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
import {
  BULK_ACTIVE_STATUSES,
  BULK_IDLE_REFRESH_MS,
  BULK_LIVE_REFRESH_MS,
} from './useBulkMultiSpace.js';

type JobPage = Paginated<BulkRegularRow>;

/** How many regular jobs wait or run (see useMultiSpaceActivity for why lists follow it). */
export function useRegularBulkActivity() {
  return useQuery({
    queryKey: queryKeys.bulkRegular.activity(),
    queryFn: async () => {
      const [pending, processing] = await Promise.all([
        api.bulkRegular.jobs({ query: { status: 'pending', per_page: 1 } }),
        api.bulkRegular.jobs({ query: { status: 'processing', per_page: 1 } }),
      ]);
      return pending.total + processing.total;
    },
    refetchInterval: (q) => ((q.state.data ?? 0) > 0 ? BULK_LIVE_REFRESH_MS : BULK_IDLE_REFRESH_MS),
  });
}

/** A page of regular bulk jobs; refreshes itself while any job waits or runs. */
export function useRegularBulkList(query: BulkRegularListQueryInput) {
  const activeCount = useRegularBulkActivity().data;
  const active = (activeCount ?? 0) > 0;
  const list = useQuery({
    queryKey: queryKeys.bulkRegular.list(query),
    queryFn: () => api.bulkRegular.jobs({ query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      active || q.state.data?.data.some((row) => BULK_ACTIVE_STATUSES.has(row.status))
        ? BULK_LIVE_REFRESH_MS
        : false,
  });
  useRefetchOnActivityDrop(activeCount, list.refetch);
  return list;
}

function replaceJobs(client: QueryClient, rows: readonly BulkRegularRow[]): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  client.setQueriesData<JobPage>({ queryKey: queryKeys.bulkRegular.lists() }, (page) =>
    page ? { ...page, data: page.data.map((row) => byId.get(row.id) ?? row) } : page,
  );
}

/** Same actions as the multi-space list, on regular jobs (spec §4). */
export function useRegularBulkActions() {
  const client = useQueryClient();
  const refreshActivity = () =>
    client.invalidateQueries({ queryKey: queryKeys.bulkRegular.activity() });
  const updated = (rows: readonly BulkRegularRow[]) => {
    replaceJobs(client, rows);
    void refreshActivity();
  };
  const retry = useMutation({
    mutationFn: (id: number) => api.bulkRegular.retry({ body: { id } }),
    onSuccess: (row) => updated([row]),
  });
  const start = useMutation({
    mutationFn: (ids: number[]) => api.bulkRegular.start({ body: { ids } }),
    onSuccess: updated,
  });
  const stop = useMutation({
    mutationFn: (ids: number[]) => api.bulkRegular.stop({ body: { ids } }),
    onSuccess: updated,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.bulkRegular.remove({ body: { ids } }),
    onSuccess: (answer) => {
      const gone = new Set(answer.ids);
      client.setQueriesData<JobPage>({ queryKey: queryKeys.bulkRegular.lists() }, (page) => {
        if (!page) return page;
        const data = page.data.filter((row) => !gone.has(row.id));
        return { ...page, data, total: page.total - (page.data.length - data.length) };
      });
      void refreshActivity();
    },
  });
  const refetchAll = () => client.invalidateQueries({ queryKey: queryKeys.bulkRegular.all });
  const startAll = useMutation({
    mutationFn: () => api.bulkRegular.startAll(),
    onSuccess: refetchAll,
  });
  const stopAll = useMutation({
    mutationFn: () => api.bulkRegular.stopAll(),
    onSuccess: refetchAll,
  });
  return { retry, start, stop, remove, startAll, stopAll };
}

/** Most ids one stop call carries. */
const IDS_PER_CALL = 100;

/**
 * Creates regular jobs; `hold` stops them right after (the regular worker of this tab waits on
 * the import page, so none is taken in between by it). The lists are refetched.
 */
export function useCreateRegularJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, hold }: { body: CreateBulkRegularJobsBody; hold: boolean }) => {
      const { ids } = await api.bulkRegular.createJobs({ body });
      if (hold) {
        for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
          await api.bulkRegular.stop({ body: { ids: ids.slice(at, at + IDS_PER_CALL) } });
        }
      }
      return ids;
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.bulkRegular.all }),
  });
}
