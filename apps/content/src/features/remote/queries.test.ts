import { apiRequest } from '@shoal/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { diagnoseFetch } from './queries';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const noWait = async () => undefined;

describe('diagnosing a failed library lookup', () => {
  beforeEach(() => request.mockReset());

  it('polls a pending fetch until it fails, and names the kind', async () => {
    request
      .mockResolvedValueOnce({ id: 7, status: 'pending', detail: {} })
      .mockResolvedValueOnce({ id: 7, status: 'pending', detail: {} })
      .mockResolvedValueOnce({ id: 7, status: 'errored', detail: { error_code: 'connection' } });
    expect(await diagnoseFetch('https://far.example/federation/music/libraries/x', noWait)).toEqual({
      kind: 'connection',
    });
    expect(request).toHaveBeenNthCalledWith(1, 'federation/fetches/', {
      method: 'POST',
      json: { object: 'https://far.example/federation/music/libraries/x' },
    });
    expect(request).toHaveBeenLastCalledWith('federation/fetches/7/');
  });

  it('gives up with a timeout when the fetch stays pending', async () => {
    request.mockResolvedValue({ id: 3, status: 'pending', detail: {} });
    expect(await diagnoseFetch('https://slow.example/l', noWait)).toEqual({ kind: 'timeout' });
  });

  it('cannot tell when the pod has no fetches or the fetch worked', async () => {
    request.mockRejectedValueOnce(new Error('404'));
    expect(await diagnoseFetch('https://x.example/l', noWait)).toBeNull();
    request.mockResolvedValueOnce({ id: 1, status: 'finished', detail: {} });
    expect(await diagnoseFetch('https://x.example/l', noWait)).toBeNull();
  });
});
