import {
  apiVersionFor,
  type PlayableApiTrack,
  type PodGeneration,
  podGenerationOf,
  type QueueTrack,
  toQueueTrack,
} from '@shoal/core';
import type { EmbedKind, EmbedTarget } from './params';

/** What the player shows about the embedded object, above its track list. */
export interface EmbedObject {
  kind: EmbedKind;
  title: string;
  artist: string;
  coverUrl: string | null;
}

/** The outcome of loading an embed: what the page shows once the requests are done. */
export type LoadResult =
  | { status: 'ready'; object: EmbedObject; tracks: QueueTrack[]; podName: string }
  | { status: 'not-found' }
  | { status: 'not-public' }
  | { status: 'no-sources'; object: EmbedObject | null }
  | { status: 'error'; reason: string };

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** How many tracks an album, artist or channel embed lists (one page of the pod's largest size). */
export const TRACK_LIMIT = 100;

class LoadFailure extends Error {
  constructor(readonly result: Exclude<LoadResult, { status: 'ready' }>) {
    super(result.status);
  }
}

type Cover = { urls?: Record<string, unknown> } | null | undefined;
interface NamedArtist {
  name: string;
  cover?: Cover;
}
interface AlbumFields {
  title: string;
  artist?: NamedArtist | null;
  artist_credit?: readonly { credit: string; joinphrase?: string | null }[] | null;
  cover?: Cover;
}
interface ChannelFields {
  artist: NamedArtist;
}
interface NodeInfo {
  software?: { version?: unknown };
  metadata?: { nodeName?: unknown; library?: { anonymousCanListen?: unknown } };
}

function coverOf(cover: Cover, base: string): string | null {
  const urls = cover?.urls;
  if (!urls) return null;
  for (const name of ['medium_square_crop', 'large_square_crop', 'original', 'small_square_crop']) {
    const value = urls[name];
    if (typeof value === 'string' && value) return new URL(value, base).toString();
  }
  return null;
}

function creditOf(fields: AlbumFields): string {
  if (fields.artist_credit?.length) {
    return fields.artist_credit.map((entry) => `${entry.credit}${entry.joinphrase ?? ''}`).join('');
  }
  return fields.artist?.name ?? '';
}

/**
 * Loads an embed's object and tracks anonymously (no cookie, no token) from the pod behind this
 * gateway, through the same paths a real Funkwhale pod serves. `base` is the page's origin.
 */
export async function loadEmbed(
  target: EmbedTarget,
  base: string,
  fetcher: Fetch = (input, init) => fetch(input, init),
): Promise<LoadResult> {
  let generation: PodGeneration | null = null;
  const get = async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const url = new URL(`/api/${apiVersionFor(path, generation)}/${path}`, base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetcher(url.toString(), { credentials: 'omit', headers: { Accept: 'application/json' } });
    } catch (error) {
      throw new LoadFailure({ status: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
    if (response.status === 401 || response.status === 403) throw new LoadFailure({ status: 'not-public' });
    if (response.status === 404) throw new LoadFailure({ status: 'not-found' });
    if (!response.ok) throw new LoadFailure({ status: 'error', reason: `HTTP ${response.status}` });
    try {
      return (await response.json()) as T;
    } catch {
      throw new LoadFailure({ status: 'error', reason: 'invalid answer' });
    }
  };

  try {
    // The pod's version picks the API prefix, and its nodeinfo says whether visitors may listen.
    let podName = new URL(base).host;
    try {
      const node = await get<NodeInfo>('instance/nodeinfo/2.0/');
      generation = podGenerationOf(typeof node.software?.version === 'string' ? node.software.version : null);
      if (typeof node.metadata?.nodeName === 'string' && node.metadata.nodeName) podName = node.metadata.nodeName;
      if (node.metadata?.library?.anonymousCanListen === false) return { status: 'not-public' };
    } catch (error) {
      // A pod without nodeinfo still answers the catalogue under /api/v1/; only a network failure stops here.
      if (error instanceof LoadFailure && error.result.status === 'error' && !error.result.reason.startsWith('HTTP'))
        throw error;
    }

    const page = (query: Record<string, string>) =>
      get<{ results: PlayableApiTrack[] }>('tracks/', { ...query, page_size: String(TRACK_LIMIT) }).then(
        (answer) => answer.results ?? [],
      );
    let object: EmbedObject;
    let apiTracks: PlayableApiTrack[];
    switch (target.kind) {
      case 'track': {
        const track = await get<PlayableApiTrack & { cover?: Cover }>(`tracks/${target.id}/`);
        const queued = toQueueTrack(track, base);
        object = { kind: 'track', title: track.title, artist: queued.artistCredit, coverUrl: queued.coverUrl };
        apiTracks = [track];
        break;
      }
      case 'album': {
        const album = await get<AlbumFields>(`albums/${target.id}/`);
        object = { kind: 'album', title: album.title, artist: creditOf(album), coverUrl: coverOf(album.cover, base) };
        apiTracks = await page({ album: target.id, ordering: 'disc_number,position' });
        break;
      }
      case 'artist': {
        const artist = await get<NamedArtist>(`artists/${target.id}/`);
        object = { kind: 'artist', title: artist.name, artist: '', coverUrl: coverOf(artist.cover, base) };
        apiTracks = await page({ artist: target.id, ordering: 'album__release_date,disc_number,position' });
        break;
      }
      case 'channel': {
        const channel = await get<ChannelFields>(`channels/${target.id}/`);
        object = {
          kind: 'channel',
          title: channel.artist.name,
          artist: '',
          coverUrl: coverOf(channel.artist.cover, base),
        };
        apiTracks = await page({ channel: target.id, ordering: '-creation_date' });
        break;
      }
    }
    const tracks = apiTracks.map((track) => toQueueTrack(track, base)).filter((track) => track.sources.length > 0);
    if (tracks.length === 0) return { status: 'no-sources', object };
    // A lone track's cover comes from its album when the object itself has none.
    if (!object.coverUrl) object.coverUrl = tracks[0]?.coverUrl ?? null;
    return { status: 'ready', object, tracks, podName };
  } catch (error) {
    if (error instanceof LoadFailure) return error.result;
    return { status: 'error', reason: error instanceof Error ? error.message : String(error) };
  }
}
