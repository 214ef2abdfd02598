import type { components } from '../api/schema';
import type { QueueTrack, TrackSource } from './queue-track';

/** Bitrate cap of the mp3 transcode fallback (calls.md §9.1). */
export const TRANSCODE_MAX_BITRATE = 320000;

/** How sure the browser is it can decode a type: the answer of `canPlayType` ('' | 'maybe' | 'probably'). */
export type PlayabilityProbe = (mimetype: string) => CanPlayTypeResult;

type Cover = { urls?: Record<string, unknown> } | null | undefined;

interface ArtistCreditEntry {
  credit: string;
  joinphrase?: string | null;
  artist?: { id: number } | null;
}

/**
 * The slice of the pod's track the queue needs. `ApiSchema<'Track'>` fits it; so does a v2 track with
 * `artist_credit`. Uploads are typed loosely in the schema (plain objects), so they are read field by field.
 */
export interface PlayableApiTrack {
  id: number;
  title: string;
  listen_url: string;
  position?: number | null;
  uploads?: readonly object[] | null;
  artist?: { id: number; name: string } | null;
  artist_credit?: readonly ArtistCreditEntry[] | null;
  album?: { id: number; title: string; cover?: Cover } | null;
  cover?: Cover;
}

// Keeps the contract honest: a schema track must always be accepted as it is.
type SchemaTrackFits = components['schemas']['Track'] extends PlayableApiTrack ? true : never;
const schemaTrackFits: SchemaTrackFits = true;
void schemaTrackFits;

interface UploadFields {
  listen_url: string;
  mimetype: string;
  bitrate: number | null;
  duration: number | null;
}

function readUpload(upload: object): UploadFields | null {
  const fields = upload as Record<string, unknown>;
  if (typeof fields.listen_url !== 'string' || !fields.listen_url) return null;
  return {
    listen_url: fields.listen_url,
    mimetype: typeof fields.mimetype === 'string' ? fields.mimetype : '',
    bitrate: typeof fields.bitrate === 'number' ? fields.bitrate : null,
    duration: typeof fields.duration === 'number' ? fields.duration : null,
  };
}

let probeElement: HTMLAudioElement | null = null;

/** The real browser's answer; '' outside a browser so nothing is claimed playable by mistake. */
export const browserProbe: PlayabilityProbe = (mimetype) => {
  if (typeof document === 'undefined') return '';
  probeElement ??= document.createElement('audio');
  return probeElement.canPlayType(mimetype);
};

/** Absolute stream URL on the pod, with the listen token when the listener is signed in (calls.md §6). */
export function streamUrl(
  listenUrl: string,
  instanceUrl: string,
  listenToken?: string | null,
  extra: Record<string, string> = {},
): string {
  const url = new URL(listenUrl, instanceUrl);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  if (listenToken) url.searchParams.set('token', listenToken);
  return url.toString();
}

const CONFIDENCE: Record<CanPlayTypeResult, number> = { probably: 2, maybe: 1, '': 0 };

function coverUrl(cover: Cover, instanceUrl: string): string | null {
  const urls = cover?.urls;
  if (!urls) return null;
  // The largest square crop makes the sharpest artwork for the OS media controls.
  for (const name of ['large_square_crop', 'medium_square_crop', 'original', 'small_square_crop']) {
    const value = urls[name];
    if (typeof value === 'string' && value) return new URL(value, instanceUrl).toString();
  }
  return null;
}

function creditText(track: PlayableApiTrack): string {
  if (track.artist_credit?.length) {
    return track.artist_credit.map((entry) => `${entry.credit}${entry.joinphrase ?? ''}`).join('');
  }
  return track.artist?.name ?? '';
}

/**
 * Flattens a pod track into a queued track (product.md §3). Sources follow calls.md §7.6: the uploads the
 * browser says it can play, the surest first; uploads it says it cannot play are left out; the mp3
 * transcode (capped at 320 kbit/s) comes last for browsers that cannot decode any original format.
 */
export function toQueueTrack(
  track: PlayableApiTrack,
  instanceUrl: string,
  listenToken?: string | null,
  probe: PlayabilityProbe = browserProbe,
): QueueTrack {
  const uploads = (track.uploads ?? []).map(readUpload).filter((upload) => upload !== null);
  const ranked = uploads
    .map((upload, order) => ({ upload, order, confidence: CONFIDENCE[probe(upload.mimetype)] ?? 0 }))
    .filter((item) => item.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence || a.order - b.order);
  const sources: TrackSource[] = ranked.map(({ upload }) => ({
    url: streamUrl(upload.listen_url, instanceUrl, listenToken),
    mimetype: upload.mimetype,
    bitrate: upload.bitrate,
    duration: upload.duration,
  }));
  if (uploads.length > 0) {
    const duration = uploads.find((upload) => upload.duration !== null)?.duration ?? null;
    sources.push({
      url: streamUrl(track.listen_url, instanceUrl, listenToken, {
        to: 'mp3',
        max_bitrate: String(TRANSCODE_MAX_BITRATE),
      }),
      mimetype: 'audio/mpeg',
      bitrate: TRANSCODE_MAX_BITRATE,
      duration,
    });
  }
  const firstCredit = track.artist_credit?.[0]?.artist;
  return {
    id: track.id,
    title: track.title,
    artistCredit: creditText(track),
    albumTitle: track.album?.title ?? null,
    position: track.position ?? null,
    artistId: firstCredit?.id ?? track.artist?.id ?? null,
    albumId: track.album?.id ?? null,
    coverUrl: coverUrl(track.cover, instanceUrl) ?? coverUrl(track.album?.cover, instanceUrl),
    sources,
  };
}
