import type { TtsAuthorizeBody, TtsCallbackBody, WooConnectBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's connected shops (WooCommerce, TikTok Shop), credentials masked. */
export function useShopConnections() {
  return useQuery({
    queryKey: queryKeys.shopConnections.all,
    queryFn: () => api.shopConnections.list(),
  });
}

/** One connection's import log, newest first; read when `enabled`. */
export function useShopImportRuns(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.shopConnections.runs(id),
    queryFn: () => api.shopConnections.runs({ params: { id } }),
    enabled,
  });
}

export function useConnectWooCommerce() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WooConnectBody) => api.shopConnections.connectWooCommerce({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.shopConnections.all }),
  });
}

export function useAuthorizeTikTok() {
  return useMutation({
    mutationFn: (body: TtsAuthorizeBody) => api.shopConnections.authorizeTikTok({ body }),
  });
}

export function useTikTokCallback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TtsCallbackBody) => api.shopConnections.tikTokCallback({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.shopConnections.all }),
  });
}

export function useImportShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.shopConnections.importNow({ params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.shopConnections.all }),
  });
}

export function useDisconnectShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.shopConnections.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.shopConnections.all }),
  });
}
