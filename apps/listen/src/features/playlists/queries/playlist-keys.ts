import type { QueryValue } from '@shoal/core';

/** The playlists' query keys, so mutations invalidate by name. */
export const playlistKeys = {
  all: ['playlists'] as const,
  lists: () => [...playlistKeys.all, 'list'] as const,
  list: (filters: Record<string, QueryValue>) => [...playlistKeys.lists(), filters] as const,
  detail: (id: number) => [...playlistKeys.all, 'detail', id] as const,
  entries: (id: number) => [...playlistKeys.all, 'entries', id] as const,
};
