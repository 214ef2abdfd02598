import { apiRequest, type QueryValue } from '@shoal/core';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import type { AlbumSummary, Artist, Paginated, Tag, Track } from '../catalogue/types';
import { type Subscription, subscriptionKeys } from '../subscriptions/queries';

/** Results shown per group on the search page; "See all" leads to the full list where there is one. */
export const SEARCH_GROUP_SIZE = 6;

export interface PlaylistResult {
  id: number;
  name: string;
  tracks_count?: number;
  user?: { username: string } | null;
}

export interface RadioResult {
  id: number;
  name: string;
  description?: string | null;
  user?: { username: string } | null;
}

export type SearchGroup = 'artists' | 'albums' | 'tracks' | 'playlists' | 'radios' | 'tags' | 'podcasts' | 'series';

export interface SearchGroupResults {
  artists: Artist;
  albums: AlbumSummary;
  tracks: Track;
  playlists: PlaylistResult;
  radios: RadioResult;
  tags: Tag;
  podcasts: Artist;
  series: AlbumSummary;
}

/** Where each result group of product.md §2 comes from: the pod's list routes, filtered by `q`. */
export const SEARCH_GROUPS: { group: SearchGroup; path: string; query: Record<string, QueryValue> }[] = [
  { group: 'artists', path: 'artists/', query: { content_category: 'music', include_channels: true } },
  { group: 'albums', path: 'albums/', query: { content_category: 'music', include_channels: true } },
  { group: 'tracks', path: 'tracks/', query: {} },
  { group: 'podcasts', path: 'artists/', query: { content_category: 'podcast', include_channels: true } },
  { group: 'series', path: 'albums/', query: { content_category: 'podcast', include_channels: true } },
  { group: 'playlists', path: 'playlists/', query: {} },
  { group: 'radios', path: 'radios/radios/', query: {} },
  { group: 'tags', path: 'tags/', query: {} },
];

export function useSearchGroup<G extends SearchGroup>(group: G, q: string) {
  const source = SEARCH_GROUPS.find((item) => item.group === group);
  return useQuery({
    queryKey: ['search', group, q],
    enabled: q.length > 0 && source !== undefined,
    queryFn: ({ signal }) =>
      apiRequest<Paginated<SearchGroupResults[G]>>(source?.path ?? '', {
        query: { ...source?.query, q, page_size: SEARCH_GROUP_SIZE },
        signal,
      }),
  });
}

/** What a federation fetch found, enough to open it here. */
export interface FetchedObject {
  type: string;
  id?: number | string;
  uuid?: string;
  full_username?: string;
}

export interface FetchAnswer {
  id: number;
  status: 'pending' | 'finished' | 'errored' | 'skipped';
  detail?: { error_code?: string; status_code?: number; [key: string]: unknown };
  object?: FetchedObject | null;
}

export type RemoteOutcome =
  | { kind: 'found'; path: string }
  | { kind: 'unsupported' }
  | { kind: 'unretrievable'; reason: string | null; statusCode?: number };

/** The fetch error kinds a pod reports (`detail.error_code`), as calls.md §8.3 lists them; anything else is unknown. */
export const FETCH_ERROR_KINDS = ['connection', 'http', 'timeout', 'invalid_json', 'validation'] as const;
export type FetchErrorKind = (typeof FETCH_ERROR_KINDS)[number] | 'unknown' | 'pending';

/** Which explanation an unretrievable object gets: a still-pending fetch, a known kind, or unknown. */
export function fetchErrorKind(reason: string | null): FetchErrorKind {
  if (reason === null) return 'pending';
  return (FETCH_ERROR_KINDS as readonly string[]).includes(reason) ? (reason as FetchErrorKind) : 'unknown';
}

/** The page of this client that shows a fetched object, when there is one. */
export function pathOfFetched(object: FetchedObject | null | undefined): string | null {
  if (!object) return null;
  switch (object.type) {
    case 'artist':
      return `/library/artists/${object.id}`;
    case 'album':
      return `/library/albums/${object.id}`;
    case 'track':
      return `/library/tracks/${object.id}`;
    case 'library':
      return object.uuid ? `/library/${object.uuid}` : null;
    case 'channel':
      return object.uuid ? `/channels/${object.uuid}` : null;
    case 'account':
      return object.full_username ? `/@${object.full_username}` : null;
    default:
      return null;
  }
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Asks the pod to fetch a fediverse object (`federation/fetches/`), then waits for the fetch to end. */
export async function fetchRemoteObject(object: string, pollMs = 1000, attempts = 15): Promise<RemoteOutcome> {
  let answer = await apiRequest<FetchAnswer>('federation/fetches/', { method: 'POST', json: { object } });
  for (let attempt = 0; answer.status === 'pending' && attempt < attempts; attempt += 1) {
    await wait(pollMs);
    answer = await apiRequest<FetchAnswer>(`federation/fetches/${answer.id}/`);
  }
  if (answer.status !== 'finished') {
    const status = answer.detail?.status_code;
    return {
      kind: 'unretrievable',
      reason: answer.status === 'pending' ? null : (answer.detail?.error_code ?? 'unknown'),
      ...(typeof status === 'number' ? { statusCode: status } : {}),
    };
  }
  const path = pathOfFetched(answer.object);
  return path ? { kind: 'found', path } : { kind: 'unsupported' };
}

export function useRemoteFetch() {
  return useMutation({ mutationFn: (object: string) => fetchRemoteObject(object) });
}

/** Subscribes to a podcast by its RSS feed address (`channels/rss-subscribe/`). */
export function useRssSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      apiRequest<Subscription>('channels/rss-subscribe/', {
        method: 'POST',
        json: { url },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
