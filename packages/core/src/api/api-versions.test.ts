import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectPodGeneration } from '../instance/detect-generation';
import { instanceStore, setInstanceUrl } from '../instance/instance-store';
import { apiVersionFor, podGenerationOf, setPodGeneration } from './api-versions';
import { apiUrl } from './client';

describe('the API prefix table', () => {
  afterEach(() => {
    instanceStore.setState({ url: null, known: [], generation: null });
  });

  it('reads the generation from a version string', () => {
    expect(podGenerationOf('1.4.0')).toBe(1);
    expect(podGenerationOf('2.0.0')).toBe(2);
    expect(podGenerationOf('3.1.0-rc1')).toBe(2);
    expect(podGenerationOf('')).toBeNull();
    expect(podGenerationOf('dev')).toBeNull();
    expect(podGenerationOf(undefined)).toBeNull();
  });

  it('sends a 1.x pod to v1 except for what it also serves under v2', () => {
    expect(apiVersionFor('tracks/', 1)).toBe('v1');
    expect(apiVersionFor('oauth/token/', 1)).toBe('v1');
    expect(apiVersionFor('instance/nodeinfo/2.1/', 1)).toBe('v2');
    expect(apiVersionFor('/radios/sessions/', 1)).toBe('v2');
  });

  it('sends a second-generation pod to v2, and a pod not probed yet to v1', () => {
    expect(apiVersionFor('tracks/', 2)).toBe('v2');
    expect(apiVersionFor('users/me/', 2)).toBe('v2');
    expect(apiVersionFor('tracks/', null)).toBe('v1');
    expect(apiVersionFor('instance/settings/', null)).toBe('v1');
  });

  it('keeps v2-only routes on v2 whatever is known', () => {
    expect(apiVersionFor('upload-groups', null)).toBe('v2');
    expect(apiVersionFor('upload-groups', 2)).toBe('v2');
  });

  it('builds URLs with the prefix of the chosen pod, forgotten when the pod changes', () => {
    setInstanceUrl('https://pod.example');
    expect(apiUrl('tracks/')).toBe('https://pod.example/api/v1/tracks/');
    setPodGeneration('https://pod.example/', '2.0.1');
    expect(apiUrl('tracks/', { page: 2 })).toBe('https://pod.example/api/v2/tracks/?page=2');
    // A version read for another address does not apply.
    setPodGeneration('https://other.example/', '1.4.0');
    expect(instanceStore.getState().generation).toBe(2);
    setInstanceUrl('https://old.example');
    expect(apiUrl('tracks/')).toBe('https://old.example/api/v1/tracks/');
  });

  it('detects the generation from nodeinfo, and keeps v1 when the pod does not say', async () => {
    setInstanceUrl('https://pod.example');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response(JSON.stringify({ software: { name: 'funkwhale', version: '1.4.0' } })));
    await detectPodGeneration();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('https://pod.example/api/v1/instance/nodeinfo/2.1/');
    expect(instanceStore.getState().generation).toBe(1);

    // Another pod (the page keeps one nodeinfo read per pod address), which does not answer.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 502 }));
    setInstanceUrl('https://down.example');
    await detectPodGeneration();
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('https://down.example/api/v1/instance/nodeinfo/2.1/');
    expect(instanceStore.getState().generation).toBeNull();
  });
});
