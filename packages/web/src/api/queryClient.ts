import { QueryClient } from '@tanstack/react-query';

const UNAUTHORIZED = 401;

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'statusCode' in error
    ? Number((error as { statusCode: unknown }).statusCode)
    : undefined;
}

/** A 4xx answer will not change on retry; only network and server failures are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => {
          const status = statusOf(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return count < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function isUnauthorized(error: unknown): boolean {
  return statusOf(error) === UNAUTHORIZED;
}

export const queryClient = createQueryClient();
