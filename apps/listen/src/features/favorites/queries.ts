import { apiRequest, useSession } from '@shoal/core';
import { keepPreviousData, useQuery } from '@shoal/query';
import { t } from '../../i18n/browse';
import type { Paginated, Track } from '../catalogue/types';
import { useOptimisticToggle } from './optimistic-toggle';

/** calls.md §9.2: favorites are read 50 at a time. */
export const FAVORITES_PAGE_SIZE = 50;

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => [...favoriteKeys.all, 'ids'] as const,
  list: (ordering: string, page: number) => [...favoriteKeys.all, 'list', ordering, page] as const,
};

export interface Favorite {
  id: number;
  creation_date?: string;
  track: Track;
}

/** The signed-in listener's favorite track ids (`favorites/tracks/all/`), for every toggle on screen. */
export function useFavoriteIds() {
  const profile = useSession((state) => state.profile);
  return useQuery({
    queryKey: favoriteKeys.ids(),
    enabled: profile !== null,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<{ results: { track: number }[] }>('favorites/tracks/all/', {
        query: { user: profile?.id, page_size: FAVORITES_PAGE_SIZE },
        signal,
      });
      return answer.results.map((favorite) => favorite.track);
    },
    staleTime: 60_000,
  });
}

/** One page of the listener's favorites, newest first unless `ordering` says otherwise. */
export function useFavorites(ordering: string, page: number) {
  return useQuery({
    queryKey: favoriteKeys.list(ordering, page),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Favorite>>('favorites/tracks/', {
        query: { scope: 'me', ordering, page, page_size: FAVORITES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface FavoriteToggle {
  track: Pick<Track, 'id' | 'title'>;
  favorite: boolean;
}

/** Adds or removes a favorite at once; reverted with a message when the pod refuses (calls.md §7.4). */
export function useToggleFavorite() {
  return useOptimisticToggle<number[], FavoriteToggle>({
    queryKey: favoriteKeys.ids(),
    apply: (ids = [], { track, favorite }) =>
      favorite ? [...ids.filter((id) => id !== track.id), track.id] : ids.filter((id) => id !== track.id),
    call: ({ track, favorite }) =>
      apiRequest(favorite ? 'favorites/tracks/' : 'favorites/tracks/remove/', {
        method: 'POST',
        json: { track: track.id },
      }),
    failure: ({ track, favorite }, error) =>
      favorite
        ? t('favorites.addFailed', { title: track.title, error })
        : t('favorites.removeFailed', { title: track.title, error }),
    alsoInvalidate: [[...favoriteKeys.all, 'list']],
  });
}
