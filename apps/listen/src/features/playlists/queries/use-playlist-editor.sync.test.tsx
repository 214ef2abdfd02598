import { ApiError, apiRequest } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../catalogue/types';
import type { PlaylistEntry } from '../types';
import { playlistKeys } from './playlist-keys';
import { usePlaylistEditor } from './use-playlist-editor';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const entry = (id: number, index: number): PlaylistEntry => ({
  track: { id, title: `T${id}`, listen_url: `/api/v1/listen/${id}/` } as Track,
  index,
  creation_date: '2026-01-01T00:00:00Z',
});
const ids = () => queryClient.getQueryData<PlaylistEntry[]>(playlistKeys.entries(7))?.map((item) => item.track.id);
const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider>{children}</QueryProvider>;

beforeEach(() => {
  queryClient.clear();
  // Refetches after a change answer with whatever the cache holds, as if the pod agreed.
  queryClient.setQueryDefaults(playlistKeys.entries(7), {
    queryFn: () => queryClient.getQueryData(playlistKeys.entries(7)) ?? [],
  });
  queryClient.setQueryData(playlistKeys.entries(7), [entry(1, 0), entry(2, 1), entry(3, 2)]);
});
afterEach(() => {
  cleanup();
  vi.mocked(apiRequest).mockReset();
});

describe('usePlaylistEditor', () => {
  it('shows a move at once, syncs it, then says the changes are synced', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(apiRequest).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => usePlaylistEditor(7), { wrapper });
    act(() => result.current.run({ kind: 'move', from: 2, to: 0 }));
    await waitFor(() => expect(ids()).toEqual([3, 1, 2]));
    expect(result.current.sync).toBe('syncing');
    expect(apiRequest).toHaveBeenCalledWith('playlists/7/move/', { method: 'POST', json: { from: 2, to: 0 } });
    await act(async () => answer(null));
    await waitFor(() => expect(result.current.sync).toBe('synced'));
    expect(ids()).toEqual([3, 1, 2]);
  });

  it('puts the order back and reports the error when the pod refuses', async () => {
    vi.mocked(apiRequest).mockRejectedValue(new ApiError(400, ['Index is not continuous']));
    const { result } = renderHook(() => usePlaylistEditor(7), { wrapper });
    act(() => result.current.run({ kind: 'remove', index: 0 }));
    await waitFor(() => expect(result.current.sync).toBe('error'));
    expect(ids()).toEqual([1, 2, 3]);
    expect((result.current.error as ApiError).messages).toEqual(['Index is not continuous']);
  });

  it('sends changes one after the other, in the order they were made', async () => {
    const calls: string[] = [];
    const answers: (() => void)[] = [];
    vi.mocked(apiRequest).mockImplementation((path, options) => {
      calls.push(`${path} ${JSON.stringify(options?.json ?? null)}`);
      return new Promise((resolve) => answers.push(() => resolve(null as never)));
    });
    const { result } = renderHook(() => usePlaylistEditor(7), { wrapper });
    act(() => {
      result.current.run({ kind: 'move', from: 0, to: 2 });
      result.current.run({ kind: 'remove', index: 0 });
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    // The second waits for the first answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    await act(async () => answers[0]?.());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual(['playlists/7/move/ {"from":0,"to":2}', 'playlists/7/remove/ {"index":0}']);
    await act(async () => answers[1]?.());
    await waitFor(() => expect(result.current.sync).toBe('synced'));
    expect(ids()).toEqual([3, 1]);
  });
});
