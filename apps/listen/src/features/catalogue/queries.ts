import { apiRequest, type QueryValue } from '@shoal/core';
import { keepPreviousData, useQuery } from '@shoal/query';
import { catalogueKeys } from './query-keys';
import type { AlbumSummary, Artist, Paginated, Tag, Track } from './types';

type Filters = Record<string, QueryValue | QueryValue[]>;

/** One page of albums; the previous page stays on screen while the next loads. */
export function useAlbums(filters: Filters, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.albums(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<AlbumSummary>>('albums/', { query: filters, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useArtists(filters: Filters) {
  return useQuery({
    queryKey: catalogueKeys.artists(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<Artist>>('artists/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTracks(filters: Filters, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.tracks(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<Track>>('tracks/', { query: filters, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAlbum(id: string) {
  return useQuery({
    queryKey: catalogueKeys.album(id),
    queryFn: ({ signal }) => apiRequest<AlbumSummary>(`albums/${encodeURIComponent(id)}/`, { signal }),
  });
}

export function useArtist(id: string) {
  return useQuery({
    queryKey: catalogueKeys.artist(id),
    queryFn: ({ signal }) => apiRequest<Artist>(`artists/${encodeURIComponent(id)}/`, { signal }),
  });
}

export function useTrack(id: string) {
  return useQuery({
    queryKey: catalogueKeys.track(id),
    queryFn: ({ signal }) => apiRequest<Track>(`tracks/${encodeURIComponent(id)}/`, { signal }),
  });
}

export function useTag(name: string) {
  return useQuery({
    queryKey: catalogueKeys.tag(name),
    queryFn: ({ signal }) => apiRequest<Tag>(`tags/${encodeURIComponent(name)}/`, { signal }),
  });
}
