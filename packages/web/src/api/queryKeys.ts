/**
 * Query keys of every API resource the shell reads, one factory per resource
 * (`all`, `list(q)`, `detail(id)`), so a mutation invalidates exactly what it changed.
 */
export const queryKeys = {
  me: { all: ['me'] as const },
  accounts: { all: ['authorized-accounts'] as const },
  notifications: {
    all: ['notifications'] as const,
    lists: () => [...queryKeys.notifications.all, 'list'] as const,
    list: (query: { page?: number; per_page?: number }) =>
      [...queryKeys.notifications.lists(), query] as const,
    detail: (id: number) => [...queryKeys.notifications.all, 'detail', id] as const,
  },
  version: { all: ['version'] as const },
  featuredInfo: { all: ['featured-info'] as const },
  balance: { all: ['balance'] as const },
} as const;
