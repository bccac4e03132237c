import type { BulkRegularListQueryInput, BulkRegularRow, Paginated } from '@printloom/core';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../client.js';
import { BULK_ACTIVE_STATUSES, BULK_LIVE_REFRESH_MS } from './useBulkMultiSpace.js';

export const regularBulkKeys = {
  all: ['bulk-regular'] as const,
  lists: () => [...regularBulkKeys.all, 'list'] as const,
  list: (query: BulkRegularListQueryInput) => [...regularBulkKeys.lists(), query] as const,
};

type JobPage = Paginated<BulkRegularRow>;

/** A page of regular bulk jobs; refreshes itself while a job on it is pending or running. */
export function useRegularBulkList(query: BulkRegularListQueryInput) {
  return useQuery({
    queryKey: regularBulkKeys.list(query),
    queryFn: () => api.bulkRegularJobs(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((row) => BULK_ACTIVE_STATUSES.has(row.status))
        ? BULK_LIVE_REFRESH_MS
        : false,
  });
}

function replaceJobs(client: QueryClient, rows: readonly BulkRegularRow[]): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  client.setQueriesData<JobPage>({ queryKey: regularBulkKeys.lists() }, (page) =>
    page ? { ...page, data: page.data.map((row) => byId.get(row.id) ?? row) } : page,
  );
}

/** Same actions as the multi-space list, on regular jobs (spec §4). */
export function useRegularBulkActions() {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: number) => api.retryRegularJob({ id }),
    onSuccess: (row) => replaceJobs(client, [row]),
  });
  const start = useMutation({
    mutationFn: (ids: number[]) => api.startRegularJobs({ ids }),
    onSuccess: (rows) => replaceJobs(client, rows),
  });
  const stop = useMutation({
    mutationFn: (ids: number[]) => api.stopRegularJobs({ ids }),
    onSuccess: (rows) => replaceJobs(client, rows),
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => api.removeRegularJobs({ ids }),
    onSuccess: (answer) => {
      const gone = new Set(answer.ids);
      client.setQueriesData<JobPage>({ queryKey: regularBulkKeys.lists() }, (page) => {
        if (!page) return page;
        const data = page.data.filter((row) => !gone.has(row.id));
        return { ...page, data, total: page.total - (page.data.length - data.length) };
      });
    },
  });
  const refetchAll = () => client.invalidateQueries({ queryKey: regularBulkKeys.all });
  const startAll = useMutation({
    mutationFn: () => api.startAllRegularJobs(),
    onSuccess: refetchAll,
  });
  const stopAll = useMutation({
    mutationFn: () => api.stopAllRegularJobs(),
    onSuccess: refetchAll,
  });
  return { retry, start, stop, remove, startAll, stopAll };
}
