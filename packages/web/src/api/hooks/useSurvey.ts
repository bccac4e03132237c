import type { SellerSurvey } from '@printloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useSubmitSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerSurvey) => api.shell.survey({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}
