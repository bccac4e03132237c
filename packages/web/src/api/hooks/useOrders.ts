import type {
  OrderAddressBody,
  OrderBulkActionBody,
  OrderDetail,
  OrderListQueryInput,
  SellerOrderAction,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A page of the seller's orders; the previous page stays on screen while the next loads. */
export function useOrderList(query: OrderListQueryInput) {
  return useQuery({
    queryKey: queryKeys.orders.list(query),
    queryFn: () => api.orders.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id),
    queryFn: () => api.orders.get({ params: { id } }),
    enabled: id > 0,
  });
}

/** A write that answers the order: the detail is replaced and every list refreshed. */
function useOrderWrite<V>(id: number, write: (input: V) => Promise<OrderDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (order) => {
      client.setQueryData(queryKeys.orders.detail(id), order);
      return client.invalidateQueries({ queryKey: queryKeys.orders.lists() });
    },
  });
}

const STATUS_OF = { hold: 'on_hold', resume: 'processing', cancel: 'cancelled' } as const;

/** Hold, resume, cancel (with refund) or re-print: the actions the order machine allows. */
export function useOrderAction(id: number) {
  return useOrderWrite(id, (input: { action: SellerOrderAction; itemIds?: number[] }) =>
    input.action === 'request_reprint'
      ? api.orders.reprint({ params: { id }, body: { item_ids: input.itemIds ?? [] } })
      : api.orders.setStatus({ params: { id }, body: { status: STATUS_OF[input.action] } }),
  );
}

export function useOrderAddress(id: number) {
  return useOrderWrite(id, (body: OrderAddressBody) =>
    api.orders.setAddress({ params: { id }, body }),
  );
}

export function useOrderNote(id: number) {
  return useOrderWrite(id, (note: string) =>
    api.orders.addNote({ params: { id }, body: { note } }),
  );
}

/** One action on several orders; answers one result per id. */
export function useOrderBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderBulkActionBody) => api.orders.bulkAction({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
