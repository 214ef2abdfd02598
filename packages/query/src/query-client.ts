import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the whole page: this package is a federation singleton, so a mutation in one
 * micro-frontend invalidates what another shows.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
