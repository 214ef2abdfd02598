import { apiRequest, type QueryValue } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { catalogueKeys } from '../../catalogue/query-keys';
import type { AlbumSummary, Paginated, Track } from '../../catalogue/types';
import type { Channel } from '../../subscriptions/queries';

/** `me`: the signed-in listener's own library (`/library/me`); undefined: everything the pod shows. */
export type LibraryScope = 'me' | undefined;

const scoped = (scope: LibraryScope, query: Record<string, QueryValue>) => (scope ? { ...query, scope } : query);

export function useRecentAlbums(pageSize = 12, scope?: LibraryScope) {
  return useQuery({
    queryKey: [...catalogueKeys.recentAlbums(pageSize), scope ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<AlbumSummary>>('albums/', {
        query: scoped(scope, { ordering: '-creation_date', page_size: pageSize, playable: true }),
        signal,
      }),
  });
}

export function useRecentTracks(pageSize = 10, scope?: LibraryScope) {
  return useQuery({
    queryKey: [...catalogueKeys.recentTracks(pageSize), scope ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Track>>('tracks/', {
        query: scoped(scope, { ordering: '-creation_date', page_size: pageSize, playable: true }),
        signal,
      }),
  });
}

/** A favorite or a listening: who, when, which track (the real API's shapes). */
export interface TrackActivity {
  id: number;
  creation_date: string;
  track: Track;
}

/** How many items each of the home's lists shows. */
export const HOME_LIST_SIZE = 6;

/** The home's other lists (product.md §2, Library): favorites, listenings and channels, newest first. */
const HOME_LISTS = {
  favorites: { path: 'favorites/tracks/', ordering: '-creation_date' },
  listenings: { path: 'history/listenings/', ordering: '-creation_date' },
  channels: { path: 'channels/', ordering: '-creation_date' },
} as const;

interface HomeListItems {
  favorites: TrackActivity;
  listenings: TrackActivity;
  channels: Channel;
}

export function useHomeList<K extends keyof typeof HOME_LISTS>(list: K, scope?: LibraryScope) {
  const { path, ordering } = HOME_LISTS[list];
  return useQuery({
    queryKey: ['library-home', list, scope ?? 'all', HOME_LIST_SIZE],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<HomeListItems[K]>>(path, {
        query: scoped(scope, { ordering, page_size: HOME_LIST_SIZE }),
        signal,
      }),
  });
}
