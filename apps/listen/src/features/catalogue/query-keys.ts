import type { QueryValue } from '@shoal/core';

type Filters = Record<string, QueryValue | QueryValue[]>;

/** Every query key of the listen app in one place, so a mutation invalidates by name, never by guess. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  recentAlbums: (pageSize: number) => [...catalogueKeys.all, 'albums', 'recent', pageSize] as const,
  recentTracks: (pageSize: number) => [...catalogueKeys.all, 'tracks', 'recent', pageSize] as const,
  albums: (filters: Filters) => [...catalogueKeys.all, 'albums', 'list', filters] as const,
  album: (id: string) => [...catalogueKeys.all, 'albums', 'detail', id] as const,
  artists: (filters: Filters) => [...catalogueKeys.all, 'artists', 'list', filters] as const,
  artist: (id: string) => [...catalogueKeys.all, 'artists', 'detail', id] as const,
  tracks: (filters: Filters) => [...catalogueKeys.all, 'tracks', 'list', filters] as const,
  track: (id: string) => [...catalogueKeys.all, 'tracks', 'detail', id] as const,
  tags: (query: string) => [...catalogueKeys.all, 'tags', 'list', query] as const,
  tag: (name: string) => [...catalogueKeys.all, 'tags', 'detail', name] as const,
};
