import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { contentKeys } from '../common/query-keys';
import type { QuotaStatus } from '../common/types';

/** The signed-in user's quota and usage, from `users/me/` (product.md §3, Quota). */
export function useQuota() {
  return useQuery({
    queryKey: contentKeys.quota(),
    queryFn: async ({ signal }) => {
      const me = await apiRequest<{ quota_status?: QuotaStatus | null }>('users/me/', { signal });
      return me.quota_status ?? null;
    },
  });
}

export const MB = 1000 * 1000;
