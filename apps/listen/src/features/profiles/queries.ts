import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import type { Paginated, Track } from '../catalogue/types';

export interface Actor {
  full_username: string;
  preferred_username: string;
  name?: string | null;
  domain: string;
  fid?: string;
  url?: string | null;
  is_local?: boolean;
  summary?: { html?: string | null; text?: string | null } | null;
  icon?: {
    urls?: { small_square_crop?: string | null; medium_square_crop?: string | null; original?: string | null };
  } | null;
}

export interface ActorLibrary {
  uuid: string;
  name: string;
  description?: string | null;
  privacy_level?: string;
  uploads_count?: number;
  follow?: { uuid: string; approved: boolean | null } | null;
}

export const profileKeys = {
  all: ['profiles'] as const,
  actor: (full: string) => [...profileKeys.all, full, 'actor'] as const,
  libraries: (full: string) => [...profileKeys.all, full, 'libraries'] as const,
  favorites: (full: string) => [...profileKeys.all, full, 'favorites'] as const,
  listenings: (full: string) => [...profileKeys.all, full, 'listenings'] as const,
};

const actorPath = (full: string) =>
  `federation/actors/${encodeURIComponent(full).replace(/%40/g, '@').replace(/%3A/gi, ':')}/`;

export function useActor(full: string) {
  return useQuery({
    queryKey: profileKeys.actor(full),
    queryFn: ({ signal }) => apiRequest<Actor>(actorPath(full), { signal }),
  });
}

export function useActorLibraries(full: string) {
  return useQuery({
    queryKey: profileKeys.libraries(full),
    queryFn: ({ signal }) => apiRequest<Paginated<ActorLibrary>>(`${actorPath(full)}libraries/`, { signal }),
  });
}

/** How many recent items the activity tab shows per list. */
export const ACTIVITY_SIZE = 10;

export function useActorFavorites(full: string) {
  return useQuery({
    queryKey: profileKeys.favorites(full),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<{ id: number; creation_date: string; track: Track }>>('favorites/tracks/', {
        query: { scope: `actor:${full}`, ordering: '-creation_date', page_size: ACTIVITY_SIZE },
        signal,
      }),
  });
}

export function useActorListenings(full: string) {
  return useQuery({
    queryKey: profileKeys.listenings(full),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<{ id: number; creation_date: string; track: Track }>>('history/listenings/', {
        query: { scope: `actor:${full}`, ordering: '-creation_date', page_size: ACTIVITY_SIZE },
        signal,
      }),
  });
}
