import { ApiError, apiRequest } from '@shoal/core';
import { describe, expect, it, vi } from 'vitest';
import { fetchRemoteObject, pathOfFetched } from './queries';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

describe('remote objects', () => {
  it('opens each supported kind of object on its page', () => {
    expect(pathOfFetched({ type: 'artist', id: 4 })).toBe('/library/artists/4');
    expect(pathOfFetched({ type: 'album', id: 5 })).toBe('/library/albums/5');
    expect(pathOfFetched({ type: 'track', id: 6 })).toBe('/library/tracks/6');
    expect(pathOfFetched({ type: 'library', uuid: 'u' })).toBe('/library/u');
    expect(pathOfFetched({ type: 'channel', uuid: 'c' })).toBe('/channels/c');
    expect(pathOfFetched({ type: 'account', full_username: 'ann@pod.example' })).toBe('/@ann@pod.example');
    expect(pathOfFetched({ type: 'playlist', id: 1 })).toBeNull();
    expect(pathOfFetched(null)).toBeNull();
  });

  it('waits for a pending fetch, then reports what it found', async () => {
    request
      .mockResolvedValueOnce({ id: 9, status: 'pending' })
      .mockResolvedValueOnce({ id: 9, status: 'pending' })
      .mockResolvedValueOnce({ id: 9, status: 'finished', object: { type: 'artist', id: 3 } });
    await expect(fetchRemoteObject('@ann@pod.example', 0)).resolves.toEqual({
      kind: 'found',
      path: '/library/artists/3',
    });
    expect(request).toHaveBeenNthCalledWith(1, 'federation/fetches/', {
      method: 'POST',
      json: { object: '@ann@pod.example' },
    });
    expect(request).toHaveBeenLastCalledWith('federation/fetches/9/');
  });

  it('tells apart an unsupported object, an unretrievable one and a refused request', async () => {
    request.mockResolvedValueOnce({ id: 1, status: 'finished', object: { type: 'playlist', id: 2 } });
    await expect(fetchRemoteObject('x', 0)).resolves.toEqual({ kind: 'unsupported' });
    request.mockResolvedValueOnce({ id: 2, status: 'errored', detail: { error_code: 'http' } });
    await expect(fetchRemoteObject('x', 0)).resolves.toEqual({ kind: 'unretrievable', reason: 'http' });
    request.mockResolvedValueOnce({ id: 3, status: 'pending' }).mockResolvedValue({ id: 3, status: 'pending' });
    await expect(fetchRemoteObject('x', 0, 2)).resolves.toEqual({ kind: 'unretrievable', reason: null });
    request.mockReset();
    request.mockRejectedValueOnce(new ApiError(404, ['Not found.']));
    await expect(fetchRemoteObject('x', 0)).rejects.toThrow('Not found.');
  });
});
