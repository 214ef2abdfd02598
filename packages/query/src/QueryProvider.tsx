import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * Each remote wraps its routes in this provider instead of relying on the host's: the host then
 * never downloads the query library for its own pages, and every remote still reads the same cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
