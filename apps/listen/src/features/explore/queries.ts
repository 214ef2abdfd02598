import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import type { AlbumSummary, Paginated } from '../catalogue/types';
import type { Channel } from '../subscriptions/queries';

/** How many new albums and channels the explore page shows. */
export const EXPLORE_SIZE = 12;

export function useNewAlbums() {
  return useQuery({
    queryKey: ['explore', 'albums', EXPLORE_SIZE],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<AlbumSummary>>('albums/', {
        query: { ordering: '-creation_date', page_size: EXPLORE_SIZE, content_category: 'music' },
        signal,
      }),
  });
}

export function useNewChannels() {
  return useQuery({
    queryKey: ['explore', 'channels', EXPLORE_SIZE],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Channel>>('channels/', {
        query: { ordering: '-creation_date', page_size: EXPLORE_SIZE },
        signal,
      }),
  });
}
