import { ApiError, apiRequest } from '@shoal/core';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import { contentKeys } from '../common/query-keys';
import type { LibraryFollow, Paginated, RemoteLibrary } from '../common/types';
import { FETCH_POLLS, type Fetch, fetchProblem, RemoteFetchError } from './fetch-problem';

/** The libraries I follow or asked to follow, newest first. */
export function useMyFollows() {
  return useQuery({
    queryKey: contentKeys.follows(),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<LibraryFollow>>('federation/follows/library/', {
        query: { page_size: 100, ordering: '-creation_date' },
        signal,
      }),
  });
}

const SCAN_POLL_MS = 2000;

/** A followed library's details, when the follow names it by uuid only. */
export function useRemoteLibrary(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.remoteLibrary(uuid),
    queryFn: ({ signal }) => apiRequest<RemoteLibrary>(`federation/libraries/${encodeURIComponent(uuid)}/`, { signal }),
    enabled,
    // A scan under way is read again until it ends, so its progress shows without a reload.
    refetchInterval: (query) =>
      ['pending', 'scanning'].includes(query.state.data?.latest_scan?.status ?? '') ? SCAN_POLL_MS : false,
  });
}

/** Looks a library up by its sharing link; real pods answer the library, or a page of one. */
async function lookUpLibrary(fid: string): Promise<RemoteLibrary> {
  const body = await apiRequest<RemoteLibrary | { results?: RemoteLibrary[] }>('federation/libraries/fetch/', {
    method: 'POST',
    json: { fid },
  });
  const library = 'results' in body ? body.results?.[0] : (body as RemoteLibrary);
  if (!library?.uuid) throw new ApiError(404, ['This object cannot be retrieved']);
  return library;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Asks the pod to fetch the address (`federation/fetches/`) and waits for the outcome, to name why a
 * lookup failed: the fetch's error kind, or null when the pod cannot tell.
 */
export async function diagnoseFetch(fid: string, wait: (ms: number) => Promise<unknown> = pause) {
  let fetch: Fetch;
  try {
    fetch = await apiRequest<Fetch>('federation/fetches/', { method: 'POST', json: { object: fid } });
    for (let poll = 0; fetch.status === 'pending' && poll < FETCH_POLLS; poll += 1) {
      await wait(1000);
      fetch = await apiRequest<Fetch>(`federation/fetches/${encodeURIComponent(String(fetch.id))}/`);
    }
  } catch {
    return null;
  }
  if (fetch.status === 'pending') return { kind: 'timeout' as const };
  return fetch.status === 'errored' ? fetchProblem(fetch.detail) : null;
}

/** The library behind a sharing link; when the pod cannot get it, the reason's kind if the pod names one. */
export function useFetchLibrary() {
  return useMutation({
    mutationFn: async (fid: string) => {
      try {
        return await lookUpLibrary(fid);
      } catch (error) {
        const refused = error instanceof ApiError && (error.status === null || [401, 403].includes(error.status));
        if (refused) throw error;
        const problem = await diagnoseFetch(fid);
        throw problem ? new RemoteFetchError(problem) : error;
      }
    },
  });
}

export function useFollowLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (library: string) =>
      apiRequest<LibraryFollow>('federation/follows/library/', { method: 'POST', json: { target: library } }),
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.follows() }),
  });
}

/** Cancels a pending request, or unfollows. */
export function useUnfollowLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: string) =>
      apiRequest<null>(`federation/follows/library/${encodeURIComponent(follow)}/`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.follows() }),
  });
}

export type ScanOutcome = 'scheduled' | 'skipped';

export function useScanLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (library: string): Promise<ScanOutcome> => {
      const body = await apiRequest<{ status?: string } | null>(
        `federation/libraries/${encodeURIComponent(library)}/scan/`,
        { method: 'POST' },
      );
      return body?.status === 'skipped' ? 'skipped' : 'scheduled';
    },
    onSettled: (_data, _error, library) =>
      Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.remoteLibrary(library) }),
        client.invalidateQueries({ queryKey: contentKeys.follows() }),
      ]),
  });
}
