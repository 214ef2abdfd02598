import { ApiError, apiRequest, type QueryValue } from '@shoal/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@shoal/query';
import type { Paginated } from '../../catalogue/types';
import { DUPLICATE_CODE, type Playlist, type PlaylistEntry, type PlaylistInput } from '../types';
import { playlistKeys } from './playlist-keys';

export function usePlaylists(filters: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: playlistKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<Playlist>>('playlists/', { query: filters, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlaylist(id: number) {
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Playlist>(`playlists/${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every entry of a playlist (at most 250 on a pod, so a few pages of 100). */
export async function fetchEntries(id: number, signal?: AbortSignal): Promise<PlaylistEntry[]> {
  const entries: PlaylistEntry[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await apiRequest<Paginated<PlaylistEntry>>(`playlists/${id}/tracks/`, {
      query: { page, page_size: 100 },
      signal,
    });
    entries.push(...answer.results);
    if (!answer.next) break;
  }
  return entries;
}

export function usePlaylistEntries(id: number) {
  return useQuery({
    queryKey: playlistKeys.entries(id),
    queryFn: ({ signal }) => fetchEntries(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSavePlaylist(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistInput) =>
      apiRequest<Playlist>(id ? `playlists/${id}/` : 'playlists/', { method: id ? 'PATCH' : 'POST', json: input }),
    onMutate: async (input) => {
      if (!id) return { previous: undefined };
      // The new name and visibility show at once; a failure puts the old ones back.
      await client.cancelQueries({ queryKey: playlistKeys.detail(id) });
      const previous = client.getQueryData<Playlist>(playlistKeys.detail(id));
      if (previous) client.setQueryData(playlistKeys.detail(id), { ...previous, ...input });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (id && context?.previous) client.setQueryData(playlistKeys.detail(id), context.previous);
    },
    onSuccess: (playlist) => {
      client.setQueryData(playlistKeys.detail(playlist.id), playlist);
      void client.invalidateQueries({ queryKey: playlistKeys.lists() });
    },
  });
}

export function useDeletePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`playlists/${id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: playlistKeys.detail(id) });
      client.removeQueries({ queryKey: playlistKeys.entries(id) });
      void client.invalidateQueries({ queryKey: playlistKeys.lists() });
    },
  });
}

/** Whether a failed add was refused because a track is already in the playlist. */
export function isDuplicateError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const body = error.body as { playlist?: { non_field_errors?: { code?: string }[] } } | null;
  return body?.playlist?.non_field_errors?.some((item) => item?.code === DUPLICATE_CODE) ?? false;
}

export function addTracks(id: number, trackIds: number[], allowDuplicates: boolean) {
  return apiRequest<Paginated<PlaylistEntry>>(`playlists/${id}/add/`, {
    method: 'POST',
    json: { tracks: trackIds, allow_duplicates: allowDuplicates },
  });
}

export function useAddToPlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, trackIds, allowDuplicates }: { id: number; trackIds: number[]; allowDuplicates: boolean }) =>
      addTracks(id, trackIds, allowDuplicates),
    onSuccess: (_answer, { id }) => {
      void client.invalidateQueries({ queryKey: playlistKeys.entries(id) });
      void client.invalidateQueries({ queryKey: playlistKeys.detail(id) });
      void client.invalidateQueries({ queryKey: playlistKeys.lists() });
    },
  });
}
