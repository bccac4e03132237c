import { type TransactionListQueryInput, transactionsExportLink } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A page of the seller's ledger (Billing & Payouts), kept on screen while the next one loads. */
export function useTransactions(query: TransactionListQueryInput) {
  return useQuery({
    queryKey: queryKeys.transactions.list(query),
    queryFn: () => api.money.transactions({ query }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export's address for the list's filters (the browser downloads it with its cookie). */
export function transactionsExportUrl(query: TransactionListQueryInput): string {
  const { page: _page, per_page: _perPage, ...filters } = query;
  return transactionsExportLink('', filters);
}
