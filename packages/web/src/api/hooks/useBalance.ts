import { useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** SMS credits and balances for the dropdown and the sidebar widget (spec §2, §7). */
export function useBalance(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.balance.all, queryFn: () => api.shell.balance(), enabled });
}
