import { apiRequest } from '@shoal/core';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import { catalogueKeys } from '../catalogue/query-keys';
import type { Paginated } from '../catalogue/types';
import { editKeys } from './query-keys';
import type { EditableObject, EditKind, License, Mutation } from './types';

/** How many of an object's edits the edit page lists. */
export const RECENT_EDITS_PAGE_SIZE = 50;

export function objectPath(kind: EditKind, id: string | number): string {
  return `${kind}s/${encodeURIComponent(String(id))}/`;
}

/** The object's edits, newest first (`{artists|albums|tracks}/{id}/mutations/`). */
export function useObjectEdits(kind: EditKind, id: string, enabled = true) {
  return useQuery({
    queryKey: editKeys.forObject(kind, id),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Mutation>>(`${objectPath(kind, id)}mutations/`, {
        query: { ordering: '-creation_date', page_size: RECENT_EDITS_PAGE_SIZE },
        signal,
      }),
    enabled,
  });
}

export function useEdit(uuid: string) {
  return useQuery({
    queryKey: editKeys.one(uuid),
    queryFn: ({ signal }) => apiRequest<Mutation>(`mutations/${encodeURIComponent(uuid)}/`, { signal }),
  });
}

export function useLicenses(enabled: boolean) {
  return useQuery({
    queryKey: editKeys.licenses(),
    queryFn: ({ signal }) => apiRequest<Paginated<License>>('licenses/', { query: { page_size: 100 }, signal }),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}

/** The object being edited, under the same query key as its detail page (shared cache). */
export function useEditableObject(kind: EditKind, id: string) {
  return useQuery({
    queryKey: objectKey(kind, id),
    queryFn: ({ signal }) => apiRequest<EditableObject>(objectPath(kind, id), { signal }),
  });
}

export function objectKey(kind: EditKind, id: string) {
  if (kind === 'artist') return catalogueKeys.artist(id);
  if (kind === 'album') return catalogueKeys.album(id);
  return catalogueKeys.track(id);
}

/** Refreshes the object and its edits after an edit was made or reviewed. */
function useRefresh() {
  const client = useQueryClient();
  return (kind: EditKind, id: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: objectKey(kind, id) }),
      client.invalidateQueries({ queryKey: editKeys.all }),
      client.invalidateQueries({ queryKey: [...catalogueKeys.all, `${kind}s`, 'list'] }),
    ]);
}

export interface NewEdit {
  kind: EditKind;
  id: string;
  payload: Record<string, unknown>;
  summary?: string;
  /** Reviewers apply their own edits at once; others suggest. */
  apply: boolean;
}

/** POST `{kind}s/{id}/mutations/` with `type: update`. */
export function createEdit({ kind, id, payload, summary, apply }: NewEdit): Promise<Mutation> {
  return apiRequest<Mutation>(`${objectPath(kind, id)}mutations/`, {
    method: 'POST',
    json: { type: 'update', payload, summary: summary || undefined, ...(apply ? { is_approved: true } : {}) },
  });
}

export function useCreateEdit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createEdit,
    onSuccess: (_mutation, edit) => refresh(edit.kind, edit.id),
  });
}

export type ReviewAction = 'approve' | 'reject' | 'delete';

export function useReviewEdit(kind: EditKind, id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, action }: { uuid: string; action: ReviewAction }) =>
      action === 'delete'
        ? apiRequest<unknown>(`mutations/${encodeURIComponent(uuid)}/`, { method: 'DELETE' })
        : apiRequest<unknown>(`mutations/${encodeURIComponent(uuid)}/${action}/`, { method: 'POST' }),
    onSuccess: () => refresh(kind, id),
  });
}
