import { apiRequest, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import { useCallback, useMemo } from 'react';
import { t } from '../../i18n';
import { creditedArtists } from '../catalogue/credits';
import type { AlbumSummary, Artist, ArtistCredit, ArtistRef, Paginated, Track } from '../catalogue/types';
import { reasonOf } from '../favorites/optimistic-toggle';

/** calls.md §9.2: content filters are read 100 at a time. */
export const CONTENT_FILTERS_PAGE_SIZE = 100;

export const contentFilterKeys = {
  all: ['content-filters'] as const,
};

export interface ContentFilter {
  uuid: string;
  creation_date: string;
  target: { type: string; id: number; name?: string };
}

/** Every content filter of the listener (calls.md §7.4: page_size 100, newest first, following `next`). */
export async function fetchAllContentFilters(signal?: AbortSignal): Promise<ContentFilter[]> {
  const filters: ContentFilter[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiRequest<Paginated<ContentFilter>>('moderation/content-filters/', {
      query: { page_size: CONTENT_FILTERS_PAGE_SIZE, ordering: '-creation_date', page },
      signal,
    });
    filters.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return filters;
  }
}

export function useContentFilters() {
  const signedIn = useSession((state) => state.status === 'authenticated');
  return useQuery({
    queryKey: contentFilterKeys.all,
    queryFn: ({ signal }) => fetchAllContentFilters(signal),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

/** The ids of the artists the listener hid. */
export function useHiddenArtistIds(): ReadonlySet<number> {
  const filters = useContentFilters();
  return useMemo(() => {
    const ids = new Set<number>();
    for (const filter of filters.data ?? []) if (filter.target.type === 'artist') ids.add(filter.target.id);
    return ids;
  }, [filters.data]);
}

type Credited = { artist_credit?: ArtistCredit[]; artist?: ArtistRef | null };

/** Whether anything credited on the object is a hidden artist. */
export function isHidden(object: Credited, hidden: ReadonlySet<number>): boolean {
  return creditedArtists(object).some((credit) => hidden.has(credit.artist.id));
}

/** Tracks without those of hidden artists (credited on the track or on its album). */
export function withoutHiddenTracks<T extends Track>(tracks: T[], hidden: ReadonlySet<number>): T[] {
  if (hidden.size === 0) return tracks;
  return tracks.filter((track) => !isHidden(track, hidden) && !(track.album && isHidden(track.album, hidden)));
}

export function useVisibleTracks() {
  const hidden = useHiddenArtistIds();
  return useCallback(<T extends Track>(tracks: T[]) => withoutHiddenTracks(tracks, hidden), [hidden]);
}

export function useVisibleAlbums() {
  const hidden = useHiddenArtistIds();
  return useCallback(
    <T extends AlbumSummary>(albums: T[]) => (hidden.size === 0 ? albums : albums.filter((a) => !isHidden(a, hidden))),
    [hidden],
  );
}

export function useVisibleArtists() {
  const hidden = useHiddenArtistIds();
  return useCallback(
    <T extends Artist>(artists: T[]) => (hidden.size === 0 ? artists : artists.filter((a) => !hidden.has(a.id))),
    [hidden],
  );
}

/** Hides an artist everywhere for this listener (`moderation/content-filters/`). */
export function useHideArtist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (artist: Pick<Artist, 'id' | 'name'>) =>
      apiRequest<ContentFilter>('moderation/content-filters/', {
        method: 'POST',
        json: { target: { type: 'artist', id: artist.id } },
      }),
    onSuccess: (filter, artist) => {
      client.setQueryData<ContentFilter[]>(contentFilterKeys.all, (filters = []) => [filter, ...filters]);
      showMessage({ content: t('contentFilters.hidden', { name: artist.name }), color: 'green' });
    },
    onError: (error, artist) => {
      console.error(error);
      showMessage({ content: `${t('contentFilters.failed', { name: artist.name })} ${reasonOf(error)}`, error: true });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: contentFilterKeys.all }),
  });
}
