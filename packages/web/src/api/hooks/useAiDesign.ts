import type { AiJob, AiJobBody, AiJobListQuery } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** How often a run still queued or running is asked for its progress. */
export const AI_JOB_POLL_MS = 1000;

const inProgress = (job: AiJob | undefined) =>
  job !== undefined && (job.status === 'queued' || job.status === 'running');

export function useAiJobs(query: AiJobListQuery) {
  return useQuery({
    queryKey: queryKeys.aiDesign.list(query),
    queryFn: () => api.aiDesign.list({ query }),
    placeholderData: keepPreviousData,
    // Runs in progress on the page move on by themselves.
    refetchInterval: (q) =>
      q.state.data?.data.some((job) => inProgress(job)) ? AI_JOB_POLL_MS * 3 : false,
  });
}

/** One run, asked again every second while it is queued or running. */
export function useAiJob(id: number | null) {
  return useQuery({
    queryKey: queryKeys.aiDesign.detail(id ?? 0),
    queryFn: () => api.aiDesign.get({ params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (inProgress(q.state.data) ? AI_JOB_POLL_MS : false),
  });
}

/** Uploads the chosen image to the seller's uploads, then starts the tool on it. */
export function useStartAiJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; tool: AiJobBody['tool']; print_width_in: number }) => {
      const uploaded = await api.uploads.upload({
        file: input.file,
        fileName: input.file.name || 'image.png',
        type: 'ai-design',
      });
      return api.aiDesign.create({
        body: {
          tool: input.tool,
          file_path: uploaded.filePath,
          print_width_in: input.print_width_in,
        },
      });
    },
    onSuccess: (job) => {
      client.setQueryData(queryKeys.aiDesign.detail(job.id), job);
      return client.invalidateQueries({ queryKey: queryKeys.aiDesign.all });
    },
  });
}
