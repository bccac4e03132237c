import type { NotificationChannelBody, NotificationChannelUpdateBody } from '@printloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** How often an open deliveries table looks again while an event is still being sent. */
const PENDING_REFRESH_MS = 3000;

export const notificationChannelsQuery = queryOptions({
  queryKey: queryKeys.notificationChannels.lists(),
  queryFn: () => api.notificationChannels.list(),
});

/** The seller's notification channels (addresses masked); refreshed while a delivery is pending. */
export function useNotificationChannels() {
  return useQuery({
    ...notificationChannelsQuery,
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.last_delivery_status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** A channel's latest deliveries with their attempts; refreshed while one is pending. */
export function useChannelDeliveries(id: number | null) {
  return useQuery({
    queryKey: queryKeys.notificationChannels.deliveries(id ?? 0),
    queryFn: () =>
      api.notificationChannels.deliveries({ params: { id: id ?? 0 }, query: { limit: 50 } }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.notificationChannels.all });
}

/** Adds a channel; a custom webhook's answer carries its secret, the only time it is sent. */
export function useCreateNotificationChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (body: NotificationChannelBody) => api.notificationChannels.create({ body }),
    onSuccess,
  });
}

export function useUpdateNotificationChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NotificationChannelUpdateBody }) =>
      api.notificationChannels.update({ params: { id }, body }),
    onSuccess,
  });
}

export function useRemoveNotificationChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.notificationChannels.remove({ params: { id } }),
    onSuccess,
  });
}

/** Sends a sample event to the channel. */
export function useTestNotificationChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.notificationChannels.test({ params: { id } }),
    onSuccess,
  });
}

export function useRedeliver() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.notificationChannels.redeliver({ params: { id } }),
    onSuccess,
  });
}
