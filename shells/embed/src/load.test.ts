import { describe, expect, it } from 'vitest';
import { loadEmbed } from './load';

const BASE = 'https://shoal.example';

type Route = { status?: number; body?: unknown } | 'network';

/** A fake pod: answers by path (query left out), and records what was asked. */
function pod(routes: Record<string, Route>) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetcher = async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    calls.push({ url, init });
    const route = routes[url.pathname];
    if (route === 'network') throw new TypeError('Failed to fetch');
    if (!route) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(route.body ?? {}), { status: route.status ?? 200 });
  };
  return { fetcher, calls };
}

const nodeinfo = (anonymousCanListen: boolean, version = '1.4.0') => ({
  body: { software: { version }, metadata: { nodeName: 'Demo pod', library: { anonymousCanListen } } },
});
const upload = { listen_url: '/api/v1/listen/u1/?upload=up1', mimetype: 'audio/ogg', bitrate: 128000, duration: 61 };
const track = (id: number, extra: object = {}) => ({
  id,
  title: `Track ${id}`,
  listen_url: `/api/v1/listen/t${id}/`,
  artist: { id: 1, name: 'Aurora Band' },
  album: { id: 3, title: 'Dawn', cover: { urls: { medium_square_crop: '/media/cover.jpg' } } },
  uploads: [upload],
  ...extra,
});

describe('loadEmbed', () => {
  it('loads an album and its tracks anonymously, in order', async () => {
    const { fetcher, calls } = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true),
      '/api/v1/albums/3/': {
        body: {
          title: 'Dawn',
          artist: { name: 'Aurora Band' },
          cover: { urls: { large_square_crop: '/media/c.jpg' } },
        },
      },
      '/api/v1/tracks/': { body: { count: 2, next: null, previous: null, results: [track(1), track(2)] } },
    });
    const result = await loadEmbed({ kind: 'album', id: '3' }, BASE, fetcher);
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(result.object).toEqual({
      kind: 'album',
      title: 'Dawn',
      artist: 'Aurora Band',
      coverUrl: 'https://shoal.example/media/c.jpg',
    });
    expect(result.podName).toBe('Demo pod');
    expect(result.tracks.map((t) => t.title)).toEqual(['Track 1', 'Track 2']);
    expect(result.tracks[0]?.sources.at(-1)?.url).toBe(
      'https://shoal.example/api/v1/listen/t1/?to=mp3&max_bitrate=320000',
    );
    const list = calls.find((call) => call.url.pathname === '/api/v1/tracks/');
    expect(list?.url.searchParams.get('album')).toBe('3');
    expect(list?.url.searchParams.get('ordering')).toBe('disc_number,position');
    // Never the visitor's session: what a stranger's page would get.
    expect(calls.every((call) => call.init?.credentials === 'omit')).toBe(true);
  });

  it('loads a single track with its album cover', async () => {
    const { fetcher } = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true),
      '/api/v1/tracks/9/': { body: track(9) },
    });
    const result = await loadEmbed({ kind: 'track', id: '9' }, BASE, fetcher);
    expect(result).toMatchObject({
      status: 'ready',
      object: {
        kind: 'track',
        title: 'Track 9',
        artist: 'Aurora Band',
        coverUrl: 'https://shoal.example/media/cover.jpg',
      },
    });
  });

  it('loads a channel by uuid and an artist through the tracks filters', async () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const { fetcher, calls } = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true),
      [`/api/v1/channels/${uuid}/`]: { body: { uuid, artist: { name: 'Night Talks', cover: null } } },
      '/api/v1/artists/4/': { body: { name: 'Aurora Band' } },
      '/api/v1/tracks/': { body: { count: 1, next: null, previous: null, results: [track(5)] } },
    });
    expect(await loadEmbed({ kind: 'channel', id: uuid }, BASE, fetcher)).toMatchObject({
      status: 'ready',
      object: { title: 'Night Talks', coverUrl: 'https://shoal.example/media/cover.jpg' },
    });
    expect(calls.at(-1)?.url.searchParams.get('channel')).toBe(uuid);
    expect(await loadEmbed({ kind: 'artist', id: '4' }, BASE, fetcher)).toMatchObject({ status: 'ready' });
    expect(calls.at(-1)?.url.searchParams.get('artist')).toBe('4');
  });

  it('uses the v2 prefix on a second-generation pod', async () => {
    const { fetcher, calls } = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true, '2.0.0'),
      '/api/v2/tracks/9/': { body: track(9) },
    });
    expect((await loadEmbed({ kind: 'track', id: '9' }, BASE, fetcher)).status).toBe('ready');
    expect(calls.map((call) => call.url.pathname)).toContain('/api/v2/tracks/9/');
  });

  it('says the content is not public when the pod keeps visitors out', async () => {
    const closed = pod({ '/api/v1/instance/nodeinfo/2.0/': nodeinfo(false) });
    expect(await loadEmbed({ kind: 'album', id: '3' }, BASE, closed.fetcher)).toEqual({ status: 'not-public' });
    expect(closed.calls).toHaveLength(1);
    // A pod whose nodeinfo says nothing, but which refuses the request.
    const refusing = pod({ '/api/v1/albums/3/': { status: 401, body: { detail: 'Authentication required' } } });
    expect(await loadEmbed({ kind: 'album', id: '3' }, BASE, refusing.fetcher)).toEqual({ status: 'not-public' });
  });

  it('reports a missing object', async () => {
    const { fetcher } = pod({ '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true) });
    expect(await loadEmbed({ kind: 'track', id: '404' }, BASE, fetcher)).toEqual({ status: 'not-found' });
  });

  it('reports objects without any playable file', async () => {
    const { fetcher } = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true),
      '/api/v1/albums/3/': { body: { title: 'Dawn', artist: { name: 'Aurora Band' } } },
      '/api/v1/tracks/': { body: { count: 1, next: null, previous: null, results: [track(1, { uploads: [] })] } },
    });
    expect(await loadEmbed({ kind: 'album', id: '3' }, BASE, fetcher)).toMatchObject({
      status: 'no-sources',
      object: { title: 'Dawn' },
    });
  });

  it('reports network failures and server errors', async () => {
    const down = pod({ '/api/v1/instance/nodeinfo/2.0/': 'network' });
    expect(await loadEmbed({ kind: 'album', id: '3' }, BASE, down.fetcher)).toEqual({
      status: 'error',
      reason: 'Failed to fetch',
    });
    const broken = pod({
      '/api/v1/instance/nodeinfo/2.0/': nodeinfo(true),
      '/api/v1/albums/3/': { status: 502, body: {} },
    });
    expect(await loadEmbed({ kind: 'album', id: '3' }, BASE, broken.fetcher)).toEqual({
      status: 'error',
      reason: 'HTTP 502',
    });
  });
});
