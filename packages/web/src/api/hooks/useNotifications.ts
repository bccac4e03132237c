import type { NotificationReadStatus } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { notificationListQuery, notificationQuery } from '../queries.js';
import { queryKeys } from '../queryKeys.js';

/** The bell list's page size: the list area is 250 px high and scrolls. */
export const BELL_PAGE_SIZE = 20;

export function useNotificationList(
  enabled: boolean,
  query = { page: 1, per_page: BELL_PAGE_SIZE },
) {
  return useQuery({ ...notificationListQuery(query), enabled });
}

export function useNotification(id: number) {
  return useQuery(notificationQuery(id));
}

export function useReadStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadStatus) => api.shell.notificationsReadStatus({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.shell.markAllNotificationsRead(),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
