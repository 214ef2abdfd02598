import { apiRequest } from '@shoal/core';
import { useMutation, useQueryClient } from '@shoal/query';
import { useRef, useState } from 'react';
import type { PlaylistEntry } from '../types';
import { playlistKeys } from './playlist-keys';
import { addTracks } from './playlists';

export type EditorAction =
  | { kind: 'move'; from: number; to: number }
  | { kind: 'remove'; index: number }
  | { kind: 'clear' }
  | { kind: 'append'; trackIds: number[] }
  | { kind: 'replace'; trackIds: number[] };

/** product.md §4: the editor's sync state. */
export type SyncState = 'idle' | 'syncing' | 'synced' | 'error';

const reindex = (entries: PlaylistEntry[]) => entries.map((entry, index) => ({ ...entry, index }));

/** The entries as they will be once the pod has applied `action` (what the screen shows meanwhile). */
export function applyAction(entries: PlaylistEntry[], action: EditorAction): PlaylistEntry[] {
  switch (action.kind) {
    case 'move': {
      const moved = entries[action.from];
      if (!moved || action.to < 0 || action.to >= entries.length) return entries;
      const next = entries.filter((_, index) => index !== action.from);
      next.splice(action.to, 0, moved);
      return reindex(next);
    }
    case 'remove':
      return reindex(entries.filter((_, index) => index !== action.index));
    case 'clear':
      return [];
    case 'append':
    case 'replace':
      // The tracks' details come with the pod's answer; until then the list stays as it is.
      return action.kind === 'replace' ? [] : entries;
  }
}

async function send(id: number, action: EditorAction): Promise<void> {
  switch (action.kind) {
    case 'move':
      await apiRequest(`playlists/${id}/move/`, { method: 'POST', json: { from: action.from, to: action.to } });
      return;
    case 'remove':
      await apiRequest(`playlists/${id}/remove/`, { method: 'POST', json: { index: action.index } });
      return;
    case 'clear':
      await apiRequest(`playlists/${id}/clear/`, { method: 'DELETE' });
      return;
    case 'append':
      if (action.trackIds.length) await addTracks(id, action.trackIds, true);
      return;
    case 'replace':
      await apiRequest(`playlists/${id}/clear/`, { method: 'DELETE' });
      if (action.trackIds.length) await addTracks(id, action.trackIds, true);
      return;
  }
}

/**
 * The playlist editor's changes: each shows at once (optimistic), is sent to the pod one after the other
 * (a move must land before the next one is computed), and is rolled back if the pod refuses it.
 */
export function usePlaylistEditor(id: number) {
  const client = useQueryClient();
  const [sync, setSync] = useState<SyncState>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef(0);
  const mutation = useMutation({
    mutationFn: (action: EditorAction) => send(id, action),
    // Mutations of one scope run in order, never side by side.
    scope: { id: `playlist-editor-${id}` },
    onMutate: async (action) => {
      pending.current += 1;
      setSync('syncing');
      await client.cancelQueries({ queryKey: playlistKeys.entries(id) });
      const previous = client.getQueryData<PlaylistEntry[]>(playlistKeys.entries(id));
      if (previous) client.setQueryData(playlistKeys.entries(id), applyAction(previous, action));
      return { previous };
    },
    onError: (failure, _action, context) => {
      if (context?.previous) client.setQueryData(playlistKeys.entries(id), context.previous);
      setError(failure);
      setSync('error');
    },
    onSuccess: () => {
      if (pending.current === 1) setSync((state) => (state === 'error' ? state : 'synced'));
    },
    onSettled: (_data, _error, action) => {
      pending.current -= 1;
      if (pending.current === 0 || action.kind === 'append' || action.kind === 'replace') {
        void client.invalidateQueries({ queryKey: playlistKeys.entries(id) });
        void client.invalidateQueries({ queryKey: playlistKeys.detail(id) });
        void client.invalidateQueries({ queryKey: playlistKeys.lists() });
      }
    },
  });
  const run = (action: EditorAction) => {
    setError(null);
    if (sync === 'error') setSync('syncing');
    mutation.mutate(action);
  };
  return { run, sync, error };
}
