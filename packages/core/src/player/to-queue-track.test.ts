import { describe, expect, it } from 'vitest';
import type { components } from '../api/schema';
import { type PlayabilityProbe, type PlayableApiTrack, toQueueTrack } from './to-queue-track';

const POD = 'https://pod.example/';

// A browser that is sure about Ogg, unsure about FLAC and cannot play AAC.
const probe: PlayabilityProbe = (mimetype) =>
  mimetype === 'audio/ogg' ? 'probably' : mimetype === 'audio/flac' || mimetype === 'audio/mpeg' ? 'maybe' : '';

const upload = (uuid: string, mimetype: string, bitrate = 128000) => ({
  uuid,
  mimetype,
  bitrate,
  duration: 42,
  listen_url: `/api/v1/listen/track-1/?upload=${uuid}`,
});

const track: PlayableApiTrack = {
  id: 7,
  title: 'Tide',
  listen_url: '/api/v1/listen/track-1/',
  position: 3,
  uploads: [upload('aac', 'audio/aac'), upload('flac', 'audio/flac'), upload('ogg', 'audio/ogg')],
  artist: { id: 1, name: 'Old Name' },
  album: {
    id: 9,
    title: 'Low Water',
    cover: { urls: { medium_square_crop: '/media/c-medium.jpg', large_square_crop: '/media/c-large.jpg' } },
  },
  cover: null,
};

describe('toQueueTrack', () => {
  it('orders the playable uploads surest first, drops unplayable ones and ends with the mp3 transcode', () => {
    const queued = toQueueTrack(track, POD, null, probe);
    expect(queued.sources.map((source) => source.url)).toEqual([
      'https://pod.example/api/v1/listen/track-1/?upload=ogg',
      'https://pod.example/api/v1/listen/track-1/?upload=flac',
      'https://pod.example/api/v1/listen/track-1/?to=mp3&max_bitrate=320000',
    ]);
    expect(queued.sources[0]).toMatchObject({ mimetype: 'audio/ogg', bitrate: 128000, duration: 42 });
    expect(queued.sources[2]).toMatchObject({ mimetype: 'audio/mpeg', bitrate: 320000, duration: 42 });
  });

  it('keeps the pod order between uploads the browser is equally sure about', () => {
    const sameConfidence = { ...track, uploads: [upload('b', 'audio/ogg'), upload('a', 'audio/ogg')] };
    const urls = toQueueTrack(sameConfidence, POD, null, probe).sources.map((source) => source.url);
    expect(urls.slice(0, 2)).toEqual([
      'https://pod.example/api/v1/listen/track-1/?upload=b',
      'https://pod.example/api/v1/listen/track-1/?upload=a',
    ]);
  });

  it('appends the listen token to every source when the listener is signed in', () => {
    const urls = toQueueTrack(track, POD, 'listen-token', probe).sources.map((source) => source.url);
    expect(urls).toEqual([
      'https://pod.example/api/v1/listen/track-1/?upload=ogg&token=listen-token',
      'https://pod.example/api/v1/listen/track-1/?upload=flac&token=listen-token',
      'https://pod.example/api/v1/listen/track-1/?to=mp3&max_bitrate=320000&token=listen-token',
    ]);
  });

  it('falls back to the transcode alone when the browser can play none of the uploads', () => {
    const queued = toQueueTrack({ ...track, uploads: [upload('aac', 'audio/aac')] }, POD, null, probe);
    expect(queued.sources).toHaveLength(1);
    expect(queued.sources[0]?.url).toContain('to=mp3');
  });

  it('has no sources when the track has no uploads', () => {
    expect(toQueueTrack({ ...track, uploads: [] }, POD, null, probe).sources).toEqual([]);
    expect(toQueueTrack({ ...track, uploads: [{ uuid: 'x' }] }, POD, null, probe).sources).toEqual([]);
  });

  it('flattens title, credit, album and the largest cover crop', () => {
    expect(toQueueTrack(track, POD, null, probe)).toMatchObject({
      id: 7,
      title: 'Tide',
      artistCredit: 'Old Name',
      albumTitle: 'Low Water',
      position: 3,
      artistId: 1,
      albumId: 9,
      coverUrl: 'https://pod.example/media/c-large.jpg',
    });
  });

  it('prefers the artist credit of v2 tracks, with its join phrases', () => {
    const credited: PlayableApiTrack = {
      ...track,
      artist_credit: [
        { credit: 'Ana', joinphrase: ' & ', artist: { id: 4 } },
        { credit: 'Bo', joinphrase: '', artist: { id: 5 } },
      ],
      cover: { urls: { original: 'https://cdn.example/own.png' } },
    };
    const queued = toQueueTrack(credited, POD, null, probe);
    expect(queued.artistCredit).toBe('Ana & Bo');
    expect(queued.artistId).toBe(4);
    expect(queued.coverUrl).toBe('https://cdn.example/own.png');
  });

  it('accepts the schema track type as it is', () => {
    const schemaTrack = { ...track, uploads: [] } as unknown as components['schemas']['Track'];
    expect(toQueueTrack(schemaTrack, POD, null, probe).id).toBe(7);
  });
});
