import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { catalogueKeys } from '../../catalogue/query-keys';
import type { AlbumSummary, Paginated, Track } from '../../catalogue/types';

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

export function useRecentTracks(pageSize = 10) {
  return useQuery({
    queryKey: catalogueKeys.recentTracks(pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Track>>('tracks/', {
        query: { ordering: '-creation_date', page_size: pageSize, playable: true },
        signal,
      }),
  });
}
