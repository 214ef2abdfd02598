/**
 * Re-exports only the TanStack Query API Shoal uses: Module Federation shares a library whole,
 * and this subset lets the bundler leave out the rest while the package stays a singleton.
 */

export type { QueryKey, UseQueryResult } from '@tanstack/react-query';
export {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export { QueryProvider } from './QueryProvider';
export { queryClient } from './query-client';
