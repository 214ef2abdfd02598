import { apiRequest } from '@shoal/core';
import { useMutation } from '@shoal/query';

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
  return useMutation({
    mutationFn: (input: ChannelInput) => apiRequest<CreatedChannel>('channels/', { method: 'POST', json: input }),
  });
}
