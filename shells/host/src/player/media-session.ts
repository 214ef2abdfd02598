import { MEDIA_SESSION_SEEK_S } from './engine/constants';
import type { PlayerEngine } from './engine/player-engine';
import { currentEntry, type PlayerState } from './engine/player-state';

/** Artwork sizes offered to the OS media controls (calls.md §9.1). */
export const ARTWORK_SIZES = [96, 128, 192, 256, 384, 512] as const;

type MetadataFactory = (init: MediaMetadataInit) => MediaMetadata;

function metadataFor(state: PlayerState, makeMetadata: MetadataFactory): MediaMetadata | null {
  const track = currentEntry(state)?.track;
  if (!track) return null;
  const cover = track.coverUrl;
  return makeMetadata({
    title: track.title,
    artist: track.artistCredit,
    album: track.albumTitle ?? '',
    artwork: cover ? ARTWORK_SIZES.map((size) => ({ src: cover, sizes: `${size}x${size}` })) : [],
  });
}

/**
 * Wires the OS media controls (lock screen, headset buttons, notification) to the engine: metadata and
 * playback state out, actions in. Pauses from there carry the media-session reason (product.md §4).
 */
export function connectMediaSession(
  engine: PlayerEngine,
  session: MediaSession | undefined = typeof navigator === 'undefined' ? undefined : navigator.mediaSession,
  makeMetadata: MetadataFactory = (init) => new MediaMetadata(init),
): () => void {
  if (!session) return () => {};
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => engine.play()],
    ['pause', () => engine.pause('mediaSession')],
    ['previoustrack', () => engine.previous()],
    ['nexttrack', () => engine.next()],
    ['seekbackward', (details) => engine.seekBy(-(details.seekOffset ?? MEDIA_SESSION_SEEK_S))],
    ['seekforward', (details) => engine.seekBy(details.seekOffset ?? MEDIA_SESSION_SEEK_S)],
    ['seekto', (details) => details.seekTime !== undefined && engine.seek(details.seekTime)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers throw for actions they do not know; the others still work.
    }
  }

  const reportPosition = (state: PlayerState) => {
    if (!session.setPositionState || !(state.duration > 0)) return;
    try {
      session.setPositionState({
        duration: state.duration,
        position: Math.min(state.position, state.duration),
        playbackRate: 1,
      });
    } catch {
      // An inconsistent position (a stream still loading) is not worth failing playback for.
    }
  };

  const sync = (state: PlayerState, previous: PlayerState | null) => {
    const entry = currentEntry(state);
    const trackChanged = !previous || entry?.key !== currentEntry(previous)?.key;
    if (trackChanged) session.metadata = metadataFor(state, makeMetadata);
    session.playbackState = entry ? (state.isPlaying ? 'playing' : 'paused') : 'none';
    // The OS extrapolates from the last report, so only jumps (seek, new track, pause) need reporting.
    const jumped = previous && Math.abs(state.position - previous.position) > 1.5;
    if (trackChanged || jumped || state.isPlaying !== previous?.isPlaying || state.duration !== previous?.duration) {
      reportPosition(state);
    }
  };
  sync(engine.store.getState(), null);
  return engine.store.subscribe((state, previous) => sync(state, previous));
}
