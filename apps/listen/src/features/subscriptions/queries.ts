import { apiRequest, useSession } from '@shoal/core';
import { keepPreviousData, useQuery } from '@shoal/query';
import { t } from '../../i18n/browse';
import type { Artist, Paginated } from '../catalogue/types';
import { useOptimisticToggle } from '../favorites/optimistic-toggle';

/** calls.md §9.2: channels are listed 30 at a time. */
export const CHANNELS_PAGE_SIZE = 30;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  channels: () => [...subscriptionKeys.all, 'channels'] as const,
  list: (q: string, page: number) => [...subscriptionKeys.all, 'list', q, page] as const,
};

export interface Channel {
  uuid: string;
  artist: Artist;
  rss_url?: string | null;
  url?: string | null;
  creation_date?: string;
  actor?: { full_username?: string; preferred_username?: string; domain?: string } | null;
  attributed_to?: { full_username?: string; preferred_username?: string } | null;
  subscriptions_count?: number;
  downloads_count?: number;
}

export interface Subscription {
  uuid: string;
  channel: Channel;
  creation_date?: string;
}

/** The uuids of the channels the listener subscribed to (`subscriptions/all/`). */
export function useSubscribedChannels() {
  const signedIn = useSession((state) => state.status === 'authenticated');
  return useQuery({
    queryKey: subscriptionKeys.channels(),
    enabled: signedIn,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<{ results: { channel: string | { uuid: string } }[] }>('subscriptions/all/', {
        signal,
      });
      return answer.results.map((item) => (typeof item.channel === 'string' ? item.channel : item.channel.uuid));
    },
  });
}

/** `/subscriptions`: the subscribed channels, filtered by `q`. */
export function useSubscriptions(q: string, page: number) {
  return useQuery({
    queryKey: subscriptionKeys.list(q, page),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Subscription>>('subscriptions/', {
        query: { q: q || undefined, page, page_size: CHANNELS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface SubscriptionToggle {
  channel: string;
  name: string;
  subscribe: boolean;
}

/** Subscribe / unsubscribe at once; reverted with a message if the call fails (calls.md §7.5, §8.2). */
export function useToggleSubscription() {
  return useOptimisticToggle<string[], SubscriptionToggle>({
    queryKey: subscriptionKeys.channels(),
    apply: (uuids = [], { channel, subscribe }) =>
      subscribe ? [...uuids.filter((uuid) => uuid !== channel), channel] : uuids.filter((uuid) => uuid !== channel),
    call: ({ channel, subscribe }) =>
      apiRequest(`channels/${encodeURIComponent(channel)}/${subscribe ? 'subscribe' : 'unsubscribe'}/`, {
        method: 'POST',
      }),
    failure: ({ name, subscribe }, error) =>
      t(subscribe ? 'subscriptions.subscribeFailed' : 'subscriptions.unsubscribeFailed', { name, error }),
    alsoInvalidate: [[...subscriptionKeys.all, 'list']],
  });
}
