import { type CustomMockupJob, customMockupJobRunning } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** How often a job with rows still to draw is asked about. */
export const CUSTOM_MOCKUP_JOB_POLL_MS = 2000;

/** The seller's bulk custom mockup jobs, newest first. */
export function useCustomMockupJobs() {
  return useQuery({
    queryKey: queryKeys.bulkCustomMockup.list(),
    queryFn: () => api.bulkCustomMockup.list(),
  });
}

/** One job with its rows, read again every few seconds while it runs. */
export function useCustomMockupJob(id: number) {
  return useQuery({
    queryKey: queryKeys.bulkCustomMockup.job(id),
    queryFn: () => api.bulkCustomMockup.get({ params: { id } }),
    refetchInterval: (query) =>
      query.state.data && !customMockupJobRunning(query.state.data)
        ? false
        : CUSTOM_MOCKUP_JOB_POLL_MS,
  });
}

/** Starts a job drawing one custom mockup for each chosen campaign. */
export function useStartCustomMockupJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { custom_mockup_id: number; campaign_ids: number[] }) =>
      api.bulkCustomMockup.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bulkCustomMockup.list() }),
  });
}

/** Queues a job's failed rows again (all of them, or the ones named). */
export function useRetryCustomMockupRows(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rowIds?: number[]) =>
      api.bulkCustomMockup.retry({ params: { id }, body: rowIds ? { row_ids: rowIds } : {} }),
    onSuccess: (data: CustomMockupJob) => {
      client.setQueryData(queryKeys.bulkCustomMockup.job(id), data);
      void client.invalidateQueries({ queryKey: queryKeys.bulkCustomMockup.list() });
    },
  });
}
