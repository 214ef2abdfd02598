import { apiRequest } from '@shoal/core';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import { contentKeys } from '../common/query-keys';
import type { Paginated } from '../common/types';
import type { EditableChannel } from './channel-form';

export type ChannelCategory = 'music' | 'podcast';

export interface ChannelInput {
  name: string;
  username: string;
  description: { text: string; content_type: 'text/markdown' } | null;
  tags: string[];
  content_category: ChannelCategory;
  cover: string | null;
  metadata: Record<string, unknown>;
}

export interface CreatedChannel {
  uuid: string;
  actor?: { preferred_username?: string; full_username?: string };
}

/** `POST attachments/` with the picture, answering its uuid. */
export function useUploadAttachment() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest<{ uuid: string }>('attachments/', { method: 'POST', form });
    },
  });
}

export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelInput) => apiRequest<CreatedChannel>('channels/', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.channels() }),
  });
}

/** A channel as `channels/` lists it (schema Channel): the fields read here. */
export interface OwnChannel {
  uuid: string;
  artist: { name: string; content_category?: string };
  actor?: { preferred_username?: string; full_username?: string } | null;
  rss_url?: string | null;
}

/** The channels I own, to publish into (`channels/?scope=me`). */
export function useMyChannels() {
  return useQuery({
    queryKey: contentKeys.channels(),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<OwnChannel>>('channels/', { query: { scope: 'me', page_size: 50 }, signal }),
  });
}

/** The address of a channel's page in the listen app: its username, else its uuid. */
export function channelPath(channel: OwnChannel): string {
  return `/channels/${encodeURIComponent(channel.actor?.preferred_username ?? channel.uuid)}`;
}

/** `channels/metadata-choices/`: iTunes categories (with their subcategories) and languages. */
export interface ChannelChoices {
  itunes_category?: { value: string; label: string; children?: (string | { value: string; label?: string })[] }[];
  language?: { value: string; label: string }[];
}

/** `channels/metadata-choices/`: the podcast categories the pod accepts. */
export function useChannelChoices() {
  return useQuery({
    queryKey: [...contentKeys.channels(), 'choices'],
    queryFn: ({ signal }) => apiRequest<ChannelChoices>('channels/metadata-choices/', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `channels/{uuid}/`: the channel the edit form starts from. */
export function useChannel(id: string) {
  return useQuery({
    queryKey: [...contentKeys.channels(), 'detail', id],
    queryFn: ({ signal }) => apiRequest<EditableChannel>(`channels/${encodeURIComponent(id)}/`, { signal }),
  });
}

/** ChannelUpdateRequest: every editable field; the username is not one of them. */
export interface ChannelUpdate {
  name: string;
  description: { text: string; content_type: 'text/markdown' } | null;
  tags: string[];
  content_category: string;
  metadata: Record<string, unknown>;
  /** A new picture's uuid, or null to remove the current one; left out, the picture stays. */
  cover?: string | null;
}

/** `PATCH channels/{uuid}/`. */
export function useUpdateChannel(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelUpdate) =>
      apiRequest<EditableChannel>(`channels/${encodeURIComponent(uuid)}/`, { method: 'PATCH', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.channels() }),
  });
}
