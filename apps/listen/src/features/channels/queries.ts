import { apiRequest, type QueryValue } from '@shoal/core';
import { keepPreviousData, useQuery } from '@shoal/query';
import type { AlbumSummary, Paginated, Track } from '../catalogue/types';
import type { Channel } from '../subscriptions/queries';

type Filters = Record<string, QueryValue | QueryValue[]>;

export const channelKeys = {
  all: ['channels'] as const,
  list: (filters: Filters) => [...channelKeys.all, 'list', filters] as const,
  detail: (id: string) => [...channelKeys.all, 'detail', id] as const,
  episodes: (uuid: string, page: number, size: number) => [...channelKeys.all, uuid, 'episodes', page, size] as const,
  series: (uuid: string) => [...channelKeys.all, uuid, 'series'] as const,
};

/** A channel as its detail route gives it: the list fields plus its description and counts. */
export interface ChannelDetail extends Channel {
  /** `is_local` is false for a channel from elsewhere, e.g. a podcast subscribed to by its RSS feed. */
  actor?: { full_username?: string; preferred_username?: string; domain?: string; is_local?: boolean } | null;
  description?: { text?: string | null; html?: string | null } | null;
  subscriptions_count?: number;
}

export function useChannels(filters: Filters) {
  return useQuery({
    queryKey: channelKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<Channel>>('channels/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `channels/{composite}/`: by uuid, or by `name@domain`. Read again each time the page opens: the
 * owner may just have edited it in the content app, whose cache keys are its own.
 */
export function useChannel(id: string) {
  return useQuery({
    queryKey: channelKeys.detail(id),
    refetchOnMount: 'always',
    queryFn: ({ signal }) =>
      apiRequest<ChannelDetail>(`channels/${encodeURIComponent(id).replace(/%40/g, '@').replace(/%3A/gi, ':')}/`, {
        signal,
      }),
  });
}

export function useEpisodes(uuid: string, page: number, size: number) {
  return useQuery({
    queryKey: channelKeys.episodes(uuid, page, size),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Track>>('tracks/', {
        query: { channel: uuid, ordering: '-creation_date', page, page_size: size, include_channels: true },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSeries(uuid: string) {
  return useQuery({
    queryKey: channelKeys.series(uuid),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<AlbumSummary>>('albums/', {
        query: { channel: uuid, ordering: '-creation_date', page_size: 30, include_channels: true },
        signal,
      }),
  });
}
