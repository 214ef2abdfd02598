import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { catalogueKeys } from '../../catalogue/query-keys';
import type { AlbumSummary, Paginated } from '../../catalogue/types';

export function useRecentAlbums(pageSize = 12) {
  return useQuery({
    queryKey: catalogueKeys.recentAlbums(pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<AlbumSummary>>('albums/', {
        query: { ordering: '-creation_date', page_size: pageSize, playable: true },
        signal,
      }),
  });
}
