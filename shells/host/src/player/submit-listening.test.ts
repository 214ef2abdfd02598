import { instanceStore, markAnonymous, setProfile } from '@shoal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitListening } from './submit-listening';

const profile = { id: 1, username: 'ana', full_username: 'ana@pod.example', permissions: {} };

describe('submitListening', () => {
  beforeEach(() => instanceStore.setState({ url: 'https://pod.example/' }));
  afterEach(() => markAnonymous());

  it('posts the track to the history when signed in', async () => {
    setProfile(profile);
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    submitListening(7);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://pod.example/api/v1/history/listenings/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ track: 7 });
  });

  it('tolerates a pod without the history route', async () => {
    setProfile(profile);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response('{"detail":"Not found."}', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    submitListening(7);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends nothing for an anonymous listener', () => {
    markAnonymous();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    submitListening(7);
    expect(fetch).not.toHaveBeenCalled();
  });
});
