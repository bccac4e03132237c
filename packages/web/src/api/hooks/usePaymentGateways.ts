import type { GatewayAccountBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's payment gateway accounts, secrets masked. */
export function usePaymentGateways() {
  return useQuery({
    queryKey: queryKeys.paymentGateways.all,
    queryFn: () => api.paymentGateways.list(),
  });
}

function useGatewayMutation<A>(run: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paymentGateways.all }),
  });
}

export const useAddPaymentGateway = () =>
  useGatewayMutation((body: GatewayAccountBody) => api.paymentGateways.create({ body }));
export const useRemovePaymentGateway = () =>
  useGatewayMutation((id: number) => api.paymentGateways.remove({ params: { id } }));
export const useSetStoreGateway = () =>
  useGatewayMutation(({ storeId, gatewayId }: { storeId: number; gatewayId: number | null }) =>
    api.paymentGateways.setStore({ params: { id: storeId }, body: { gateway_id: gatewayId } }),
  );
export const useSetPayPalWebhook = () =>
  useGatewayMutation(({ id, webhookId }: { id: number; webhookId: string }) =>
    api.paymentGateways.setWebhookId({ params: { id }, body: { webhook_id: webhookId } }),
  );
