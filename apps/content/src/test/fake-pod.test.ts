import { ApiError, apiRequest } from '@shoal/core';
import { describe, expect, it } from 'vitest';
import { setUpFakePod } from './fake-pod';

const pod = setUpFakePod(({ path }) => (path === 'libraries/' ? Response.json({ count: 0, results: [] }) : undefined));

describe('the fake pod of the content tests', () => {
  it('answers through the real request layer and records each request, body decoded', async () => {
    expect(await apiRequest('libraries/', { query: { scope: 'me' } })).toEqual({ count: 0, results: [] });
    await expect(apiRequest('channels/', { method: 'POST', json: { name: 'Tapes' } })).rejects.toBeInstanceOf(ApiError);
    expect(pod.sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: 'libraries/', body: null },
      { method: 'POST', path: 'channels/', body: { name: 'Tapes' } },
    ]);
    expect(pod.sent[0]?.url.href).toBe('https://pod.example/api/v1/libraries/?scope=me');
  });

  it('starts each test afresh, and answers unknown routes with the pod’s 404', async () => {
    expect(pod.sent).toHaveLength(0);
    await expect(apiRequest('channels/c1/')).rejects.toMatchObject({ status: 404, messages: ['Not found.'] });
    pod.answerWith(() => Response.json({ uuid: 'c1' }));
    expect(await apiRequest('channels/c1/')).toEqual({ uuid: 'c1' });
  });

  it('goes back to the file’s answers after a test changed them', async () => {
    await expect(apiRequest('channels/c1/')).rejects.toBeInstanceOf(ApiError);
  });
});
