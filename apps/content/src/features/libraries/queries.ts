import { apiRequest, type NodeInfo, nodeInfoQuery } from '@shoal/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@shoal/query';
import { contentKeys } from '../common/query-keys';
import type { LibraryFollow, OwnLibrary, OwnUpload, Paginated, PrivacyLevel } from '../common/types';

export const LIBRARY_PAGE_SIZE = 25;

export function useMyLibraries() {
  return useQuery({
    queryKey: contentKeys.libraries(),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<OwnLibrary>>('libraries/', { query: { scope: 'me', page_size: 50 }, signal }),
  });
}

export function useLibrary(uuid: string) {
  return useQuery({
    queryKey: contentKeys.library(uuid),
    queryFn: ({ signal }) => apiRequest<OwnLibrary>(`libraries/${encodeURIComponent(uuid)}/`, { signal }),
  });
}

export interface LibraryInput {
  name: string;
  description: string | null;
  privacy_level: PrivacyLevel;
}

export function useSaveLibrary(uuid?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LibraryInput) =>
      apiRequest<OwnLibrary>(uuid ? `libraries/${encodeURIComponent(uuid)}/` : 'libraries/', {
        method: uuid ? 'PATCH' : 'POST',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.libraries() }),
  });
}

export function useDeleteLibrary(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>(`libraries/${encodeURIComponent(uuid)}/`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: contentKeys.library(uuid) });
      return Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.libraries() }),
        client.invalidateQueries({ queryKey: contentKeys.quota() }),
      ]);
    },
  });
}

/** Albums, artists or tracks of one library, a page at a time. */
export function useLibraryItems<T>(uuid: string, kind: 'albums' | 'artists' | 'tracks', page: number) {
  return useQuery({
    queryKey: contentKeys.libraryItems(uuid, kind, page),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<T>>(`${kind}/`, {
        query: { library: uuid, page, page_size: LIBRARY_PAGE_SIZE, ordering: kind === 'tracks' ? 'title' : 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLibraryFollowers(uuid: string) {
  return useQuery({
    queryKey: contentKeys.libraryFollowers(uuid),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<LibraryFollow>>(`libraries/${encodeURIComponent(uuid)}/follows/`, {
        query: { page_size: 100 },
        signal,
      }),
  });
}

export function useAnswerFollow(libraryUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ follow, accept }: { follow: string; accept: boolean }) =>
      apiRequest<null>(`federation/follows/library/${encodeURIComponent(follow)}/${accept ? 'accept' : 'reject'}/`, {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.libraryFollowers(libraryUuid) }),
  });
}

export function useUploads(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: contentKeys.uploads(filters),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<OwnUpload>>('uploads/', {
        query: { ordering: '-creation_date', page_size: LIBRARY_PAGE_SIZE, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function invalidateUploads(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [...contentKeys.all, 'uploads'] }),
    client.invalidateQueries({ queryKey: contentKeys.libraries() }),
    client.invalidateQueries({ queryKey: contentKeys.quota() }),
  ]);
}

export function useRestartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuids: string[]) =>
      apiRequest<unknown>('uploads/action/', { method: 'POST', json: { action: 'relaunch_import', objects: uuids } }),
    onSettled: () => invalidateUploads(client),
  });
}

export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest<null>(`uploads/${encodeURIComponent(uuid)}/`, { method: 'DELETE' }),
    onSettled: () => invalidateUploads(client),
  });
}

/** Deletes every failed or skipped file of a library (after the owner confirmed). */
export function usePurgeLibrary(libraryUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      for (const status of ['errored', 'skipped'] as const) {
        for (let round = 0; round < 100; round += 1) {
          const page = await apiRequest<Paginated<OwnUpload>>('uploads/', {
            query: { library: libraryUuid, import_status: status, page_size: 50 },
          });
          if (page.results.length === 0) break;
          for (const upload of page.results) {
            await apiRequest<null>(`uploads/${encodeURIComponent(upload.uuid)}/`, { method: 'DELETE' });
          }
        }
      }
    },
    onSettled: () => invalidateUploads(client),
  });
}

/** Whether visitors without an account may listen on this pod (nodeinfo's anonymousCanListen), from the query the page shares. */
export function useAnonymousCanListen() {
  return useQuery({
    ...nodeInfoQuery(),
    select: (info: NodeInfo) => Boolean(info.metadata?.library?.anonymousCanListen),
  });
}
