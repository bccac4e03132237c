import type { SenDesignFileBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The SEN Design queue: order items waiting on a designer. */
export function useSenDesignQueue() {
  return useQuery({ queryKey: queryKeys.senDesign.all, queryFn: () => api.senDesign.list() });
}

/** Claim, attach a file, hand back: each refreshes the queue and the orders. */
export function useSenDesignActions() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.senDesign.all }),
      client.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]);
  return {
    claim: useMutation({
      mutationFn: (itemId: number) => api.senDesign.claim({ params: { itemId } }),
      onSuccess: refresh,
    }),
    attach: useMutation({
      mutationFn: async (input: { itemId: number; printSpace: string; file: File }) => {
        const uploaded = await api.uploads.uploadFile({
          file: input.file,
          fileName: `${input.itemId}_${input.printSpace}_${Date.now()}.${input.file.name.split('.').pop() ?? 'png'}`,
          filePath: 'sen-design',
        });
        const body: SenDesignFileBody = {
          print_space: input.printSpace,
          file_url: uploaded.fileUrl,
        };
        return api.senDesign.file({ params: { itemId: input.itemId }, body });
      },
      onSuccess: refresh,
    }),
    handBack: useMutation({
      mutationFn: (itemId: number) => api.senDesign.handBack({ params: { itemId } }),
      onSuccess: refresh,
    }),
  };
}
