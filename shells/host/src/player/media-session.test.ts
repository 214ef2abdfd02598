import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaFactory, makeTrack } from './engine/fake-media.test-helper';
import { PlayerEngine } from './engine/player-engine';
import { ARTWORK_SIZES, connectMediaSession } from './media-session';

class FakeSession {
  metadata: MediaMetadataInit | null = null;
  playbackState: MediaSessionPlaybackState = 'none';
  handlers = new Map<MediaSessionAction, MediaSessionActionHandler>();
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    if (handler) this.handlers.set(action, handler);
  }
  setPositionState = vi.fn();
  run(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
    this.handlers.get(action)?.({ action, ...details });
  }
}

function setUp() {
  const media = fakeMediaFactory();
  const engine = new PlayerEngine({ createMedia: media.createMedia, submitListening: () => {} });
  const session = new FakeSession();
  // The fake keeps the init object itself, so tests can read what the OS would show.
  connectMediaSession(engine, session as unknown as MediaSession, (init) => init as MediaMetadata);
  return { engine, media, session };
}

describe('media session', () => {
  let context: ReturnType<typeof setUp>;
  beforeEach(() => {
    context = setUp();
    context.engine.playNow([{ ...makeTrack(1), coverUrl: 'https://pod.example/cover.jpg' }, makeTrack(2)]);
  });

  it('shows the current track with artwork at every OS size', () => {
    const { session } = context;
    expect(session.metadata).toMatchObject({ title: 'Track 1', artist: 'Artist', album: 'Album' });
    expect(session.metadata?.artwork?.map((art) => art.sizes)).toEqual(ARTWORK_SIZES.map((s) => `${s}x${s}`));
    expect(ARTWORK_SIZES).toEqual([96, 128, 192, 256, 384, 512]);
    expect(session.playbackState).toBe('playing');
  });

  it('pauses with reason media session and plays again', () => {
    const { session, engine } = context;
    session.run('pause');
    expect(engine.store.getState()).toMatchObject({ isPlaying: false, pauseReason: 'mediaSession' });
    expect(session.playbackState).toBe('paused');
    session.run('play');
    expect(engine.store.getState().isPlaying).toBe(true);
  });

  it('moves between tracks and updates the metadata', () => {
    const { session } = context;
    session.run('nexttrack');
    expect(session.metadata?.title).toBe('Track 2');
    session.run('previoustrack');
    expect(session.metadata?.title).toBe('Track 1');
  });

  it('seeks 10 s by default, by the offset given, and to a point', () => {
    const { session, media, engine } = context;
    const element = media.forTrack(1);
    element.loadMetadata(100);
    element.timeTo(50);
    session.run('seekforward');
    expect(element.currentTime).toBe(60);
    session.run('seekbackward');
    expect(element.currentTime).toBe(50);
    session.run('seekbackward', { seekOffset: 20 });
    expect(element.currentTime).toBe(30);
    session.run('seekto', { seekTime: 75 });
    expect(engine.store.getState().position).toBe(75);
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 100, position: 75, playbackRate: 1 });
  });
});
