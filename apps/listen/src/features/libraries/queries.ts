import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';

/** A library as `libraries/{uuid}/` returns it (product.md §3, Library). */
export interface Library {
  uuid: string;
  fid?: string;
  name: string;
  description?: string | null;
  privacy_level?: 'me' | 'instance' | 'everyone' | 'followers' | string;
  uploads_count?: number;
  size?: number | null;
  creation_date?: string;
  actor?: { full_username?: string; preferred_username?: string; name?: string; is_local?: boolean } | null;
}

export const libraryKeys = {
  all: ['libraries'] as const,
  one: (uuid: string) => [...libraryKeys.all, 'detail', uuid] as const,
};

export function useLibrary(uuid: string) {
  return useQuery({
    queryKey: libraryKeys.one(uuid),
    queryFn: ({ signal }) => apiRequest<Library>(`libraries/${encodeURIComponent(uuid)}/`, { signal }),
  });
}
