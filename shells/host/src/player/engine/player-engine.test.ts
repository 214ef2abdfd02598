import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from './constants';
import { type FakeMedia, fakeMediaFactory, makeTrack } from './fake-media.test-helper';
import { PlayerEngine } from './player-engine';

function setUp(trackCount = 3, duration = 100) {
  const media = fakeMediaFactory();
  const submitListening = vi.fn();
  // A fixed "random" keeps shuffles repeatable.
  const engine = new PlayerEngine({ createMedia: media.createMedia, submitListening, random: () => 0 });
  const tracks = Array.from({ length: trackCount }, (_, n) => makeTrack(n + 1, duration));
  const state = () => engine.store.getState();
  const currentId = () => state().entries[state().currentIndex]?.track.id;
  return { engine, media, submitListening, tracks, state, currentId };
}

/** Starts playback of the current element as the browser would: metadata, then `playing`. */
function startPlaying(element: FakeMedia, duration = 100) {
  element.loadMetadata(duration);
  element.startPlaying();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('play and pause', () => {
  it('plays the chosen track of a new queue from its first source', () => {
    const { engine, media, tracks, state, currentId } = setUp();
    engine.playNow(tracks, 1);
    expect(currentId()).toBe(2);
    expect(state().isPlaying).toBe(true);
    const element = media.forTrack(2);
    expect(element.src).toBe('https://pod.example/listen/t2/?source=0');
    expect(element.playCalls).toBe(1);
  });

  it('pauses with reason user input by default, and resumes the same element', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    startPlaying(element);
    element.timeTo(12);
    engine.pause();
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'userInput', position: 12 });
    expect(element.paused).toBe(true);
    engine.togglePlay();
    expect(state()).toMatchObject({ isPlaying: true, pauseReason: null });
    expect(element.playCalls).toBe(2);
  });

  it('records the media-session and end-of-radio pause reasons it is given', () => {
    const { engine, tracks, state } = setUp();
    engine.playNow(tracks);
    engine.pause('mediaSession');
    expect(state().pauseReason).toBe('mediaSession');
    engine.play();
    engine.pause('endOfRadio');
    expect(state().pauseReason).toBe('endOfRadio');
  });

  it('follows a pause from outside the app with reason media session, but not the end of a track', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    startPlaying(element);
    element.pauseFromOutside();
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'mediaSession' });
    engine.play();
    element.end();
    expect(state()).toMatchObject({ isPlaying: true, pauseReason: null, currentIndex: 1 });
  });

  it('stops claiming to play when the browser refuses to autoplay', async () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    element.nextPlay = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    engine.pause();
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().isPlaying).toBe(false);
    expect(state().message).toBeNull();
  });

  it("says 'An unexpected error occurred' when play fails for another reason", async () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    engine.pause();
    element.nextPlay = () => Promise.reject(new Error('boom'));
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ isPlaying: false, message: MESSAGES.unexpected });
  });

  it('seeks within the track and clamps to its length', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    startPlaying(element);
    engine.seek(40);
    expect(element.currentTime).toBe(40);
    engine.seekBy(-50);
    expect(element.currentTime).toBe(0);
    engine.seek(500);
    expect(state().position).toBe(100);
  });
});

describe('loop', () => {
  it('cycles none, single track, whole queue, then none again', () => {
    const { engine, state } = setUp();
    expect(state().loop).toBe('none');
    engine.cycleLoop();
    expect(state().loop).toBe('single');
    engine.cycleLoop();
    expect(state().loop).toBe('queue');
    engine.cycleLoop();
    expect(state().loop).toBe('none');
  });

  it('replays the same track when it ends in single-track loop, counting a new play', () => {
    const { engine, media, tracks, currentId, submitListening } = setUp();
    engine.playNow(tracks);
    engine.cycleLoop();
    const element = media.forTrack(1);
    startPlaying(element);
    element.timeTo(60);
    element.end();
    expect(currentId()).toBe(1);
    expect(element.currentTime).toBe(0);
    expect(element.playCalls).toBe(2);
    element.timeTo(60);
    expect(submitListening).toHaveBeenCalledTimes(2);
  });
});

describe('previous', () => {
  it('restarts the track at 3 s or more', () => {
    const { engine, media, tracks, currentId, state } = setUp();
    engine.playNow(tracks, 1);
    const element = media.forTrack(2);
    startPlaying(element);
    element.timeTo(3);
    engine.previous();
    expect(currentId()).toBe(2);
    expect(element.currentTime).toBe(0);
    expect(state().position).toBe(0);
  });

  it('steps back below 3 s', () => {
    const { engine, media, tracks, currentId } = setUp();
    engine.playNow(tracks, 1);
    const element = media.forTrack(2);
    startPlaying(element);
    element.timeTo(2.9);
    engine.previous();
    expect(currentId()).toBe(1);
    expect(element.paused).toBe(true);
    expect(media.forTrack(1).paused).toBe(false);
  });

  it('goes from the first track to the last in whole-queue loop', () => {
    const { engine, tracks, currentId } = setUp();
    engine.playNow(tracks, 0);
    engine.cycleLoop();
    engine.cycleLoop();
    engine.previous();
    expect(currentId()).toBe(3);
  });

  it('restarts the first track when there is no queue loop', () => {
    const { engine, media, tracks, currentId, state } = setUp();
    engine.playNow(tracks, 0);
    const element = media.forTrack(1);
    startPlaying(element);
    element.timeTo(1);
    engine.previous();
    expect(currentId()).toBe(1);
    expect(element.currentTime).toBe(0);
    expect(state().isPlaying).toBe(true);
  });
});

describe('next and the end of the queue', () => {
  it('steps forward and plays', () => {
    const { engine, media, tracks, currentId } = setUp();
    engine.playNow(tracks, 0);
    engine.next();
    expect(currentId()).toBe(2);
    expect(media.forTrack(2).playCalls).toBe(1);
  });

  it('starts the next track by itself when one ends', () => {
    const { engine, media, tracks, currentId, state } = setUp();
    engine.playNow(tracks, 0);
    const first = media.forTrack(1);
    startPlaying(first);
    first.end();
    expect(currentId()).toBe(2);
    expect(state().isPlaying).toBe(true);
    expect(media.forTrack(2).paused).toBe(false);
  });

  it('pauses with reason end of queue at the last track without queue loop', () => {
    const { engine, media, tracks, currentId, state } = setUp();
    engine.playNow(tracks, 2);
    const last = media.forTrack(3);
    startPlaying(last);
    last.end();
    expect(currentId()).toBe(3);
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'endOfQueue' });
  });

  it('pauses at the end on next even in single-track loop (that loop only repeats a track that ends)', () => {
    const { engine, tracks, state } = setUp();
    engine.playNow(tracks, 2);
    engine.cycleLoop();
    engine.next();
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'endOfQueue' });
  });

  it('wraps to the first track in whole-queue loop', () => {
    const { engine, media, tracks, currentId } = setUp();
    engine.playNow(tracks, 2);
    engine.cycleLoop();
    engine.cycleLoop();
    const last = media.forTrack(3);
    startPlaying(last);
    last.end();
    expect(currentId()).toBe(1);
    expect(media.forTrack(1).paused).toBe(false);
  });

  it('restarts a one-track queue in whole-queue loop', () => {
    const { engine, media, tracks, currentId, state } = setUp(1);
    engine.playNow(tracks);
    engine.cycleLoop();
    engine.cycleLoop();
    const only = media.forTrack(1);
    startPlaying(only);
    only.timeTo(50);
    engine.next();
    expect(currentId()).toBe(1);
    expect(only.currentTime).toBe(0);
    expect(state().isPlaying).toBe(true);
    expect(only.playCalls).toBe(2);
  });

  it('jumps to any queued track', () => {
    const { engine, tracks, currentId, state } = setUp();
    engine.playNow(tracks, 0);
    engine.pause();
    engine.jump(2);
    expect(currentId()).toBe(3);
    expect(state().isPlaying).toBe(true);
  });
});

describe('shuffle', () => {
  it('puts the current track first and shuffles the rest, then unshuffle restores the order keeping it current', () => {
    const { engine, tracks, state, currentId } = setUp(5);
    engine.playNow(tracks, 2);
    engine.toggleShuffle();
    const ids = () => state().entries.map((entry) => entry.track.id);
    expect(ids()[0]).toBe(3);
    expect(state().currentIndex).toBe(0);
    expect(ids()).not.toEqual([3, 1, 2, 4, 5]);
    expect([...ids()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(state().unshuffledKeys).not.toBeNull();

    engine.next();
    const nowPlaying = currentId();
    engine.toggleShuffle();
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    expect(currentId()).toBe(nowPlaying);
    expect(state().unshuffledKeys).toBeNull();
  });

  it('keeps tracks added while shuffled, at the end of the restored order', () => {
    const { engine, tracks, state } = setUp(3);
    engine.playNow(tracks, 0);
    engine.toggleShuffle();
    engine.enqueue([makeTrack(9)]);
    engine.toggleShuffle();
    expect(state().entries.map((entry) => entry.track.id)).toEqual([1, 2, 3, 9]);
  });

  it('does not interrupt the current track', () => {
    const { engine, media, tracks } = setUp(4);
    engine.playNow(tracks, 1);
    const element = media.forTrack(2);
    startPlaying(element);
    element.timeTo(30);
    engine.toggleShuffle();
    expect(element.currentTime).toBe(30);
    expect(element.paused).toBe(false);
  });
});

describe('volume', () => {
  it('starts at 0.7, is clamped to 0..1 and reaches the element', () => {
    const { engine, media, tracks, state } = setUp();
    expect(state().volume).toBe(0.7);
    engine.playNow(tracks);
    expect(media.forTrack(1).volume).toBe(0.7);
    engine.setVolume(1.8);
    expect(state().volume).toBe(1);
    engine.setVolume(-2);
    expect(state().volume).toBe(0);
    engine.setVolume(0.4);
    expect(media.forTrack(1).volume).toBe(0.4);
  });

  it('mutes and unmutes back to the last volume', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    engine.setVolume(0.35);
    engine.toggleMute();
    expect(state().volume).toBe(0);
    expect(media.forTrack(1).volume).toBe(0);
    engine.toggleMute();
    expect(state().volume).toBe(0.35);
    expect(media.forTrack(1).volume).toBe(0.35);
  });
});

describe('errors', () => {
  it('tries the next source before calling the track errored', () => {
    const { engine, media, state } = setUp();
    engine.playNow([makeTrack(1, 100, 2)]);
    const element = media.forTrack(1);
    element.fail();
    expect(element.src).toBe('https://pod.example/listen/t1/?source=1');
    expect(element.playCalls).toBe(2);
    expect(state().erroredKeys).toEqual({});
    expect(state().message).toBeNull();
  });

  it('marks the track errored, shows it finished and advances after 3000 ms', () => {
    const { engine, media, tracks, state, currentId } = setUp();
    engine.playNow(tracks, 0);
    const element = media.forTrack(1);
    element.fail();
    const key = state().entries[0]?.key ?? '';
    expect(state().erroredKeys[key]).toBe(true);
    expect(state().message).toBe(MESSAGES.cannotLoad);
    expect(state().position).toBe(100);
    expect(state().position).toBe(state().duration);
    vi.advanceTimersByTime(2999);
    expect(currentId()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(currentId()).toBe(2);
    expect(state()).toMatchObject({ isPlaying: true, message: null });
  });

  it('pauses with reason errored in single-track loop instead of advancing', () => {
    const { engine, media, tracks, state, currentId } = setUp();
    engine.playNow(tracks, 0);
    engine.cycleLoop();
    media.forTrack(1).fail();
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'errored' });
    vi.advanceTimersByTime(10_000);
    expect(currentId()).toBe(1);
  });

  it("says 'The track has no available sources.' for a track without any, and still advances", () => {
    const { engine, state, currentId } = setUp();
    engine.playNow([{ ...makeTrack(1), sources: [] }, makeTrack(2)]);
    expect(state().message).toBe(MESSAGES.noSources);
    vi.advanceTimersByTime(3000);
    expect(currentId()).toBe(2);
  });

  it('blames connectivity for a network error', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    media.forTrack(1).fail(2);
    expect(state().message).toBe(MESSAGES.connectivity);
  });

  it('an errored last track pauses with reason end of queue after 3 s', () => {
    const { engine, media, tracks, state } = setUp(1);
    engine.playNow(tracks);
    media.forTrack(1).fail();
    vi.advanceTimersByTime(3000);
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'endOfQueue' });
  });

  it('a pause during the 3 s keeps the listener on the errored track', () => {
    const { engine, media, tracks, currentId } = setUp();
    engine.playNow(tracks);
    media.forTrack(1).fail();
    engine.pause();
    vi.advanceTimersByTime(5000);
    expect(currentId()).toBe(1);
  });
});

describe('listening threshold', () => {
  it('submits once past half of a short track, once per play', () => {
    const { engine, media, tracks, submitListening } = setUp(3, 100);
    engine.playNow(tracks);
    const element = media.forTrack(1);
    startPlaying(element, 100);
    element.timeTo(49.9);
    expect(submitListening).not.toHaveBeenCalled();
    element.timeTo(50);
    expect(submitListening).toHaveBeenCalledWith(1);
    element.timeTo(70);
    engine.seek(10);
    element.timeTo(60);
    expect(submitListening).toHaveBeenCalledTimes(1);
  });

  it('submits at 240 s for a track longer than 8 minutes', () => {
    const { engine, media, submitListening } = setUp();
    engine.playNow([makeTrack(1, 900)]);
    const element = media.forTrack(1);
    startPlaying(element, 900);
    element.timeTo(239.9);
    expect(submitListening).not.toHaveBeenCalled();
    element.timeTo(240);
    expect(submitListening).toHaveBeenCalledOnce();
  });

  it('counts a restart through previous as a new play', () => {
    const { engine, media, tracks, submitListening } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    startPlaying(element, 100);
    element.timeTo(55);
    engine.previous();
    element.timeTo(55);
    expect(submitListening).toHaveBeenCalledTimes(2);
  });
});

describe('sound cache and preloading', () => {
  it('preloads the next track 100 ms after a track starts', () => {
    const { engine, media, tracks } = setUp();
    engine.playNow(tracks);
    startPlaying(media.forTrack(1));
    vi.advanceTimersByTime(99);
    expect(media.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(media.created).toHaveLength(2);
    const next = media.forTrack(2);
    expect(next.loads).toEqual(['https://pod.example/listen/t2/?source=0']);
    expect(next.preload).toBe('auto');
    expect(next.paused).toBe(true);
  });

  it('hands over to the preloaded element the moment a track ends (gapless hand-over)', () => {
    const { engine, media, tracks } = setUp();
    engine.playNow(tracks);
    const first = media.forTrack(1);
    startPlaying(first);
    vi.advanceTimersByTime(100);
    const preloaded = media.forTrack(2);
    preloaded.loadMetadata(100);
    first.end();
    expect(preloaded.playCalls).toBe(1);
    expect(media.created).toHaveLength(2);
    expect(preloaded.loads).toHaveLength(1);
  });

  it('keeps at most 3 sounds while playing through a long queue', () => {
    const { engine, media, tracks } = setUp(6);
    engine.playNow(tracks);
    for (let id = 1; id <= 5; id++) {
      const element = media.forTrack(id);
      startPlaying(element);
      vi.advanceTimersByTime(100);
      expect(engine.cachedSoundCount).toBeLessThanOrEqual(3);
      element.end();
    }
    expect(engine.cachedSoundCount).toBe(3);
    const released = media.created.filter((element) => element.src === '');
    expect(released.length).toBeGreaterThan(0);
  });

  it('preloads the first track at the end of a looping queue', () => {
    const { engine, media, tracks } = setUp(2);
    engine.playNow(tracks, 1);
    engine.cycleLoop();
    engine.cycleLoop();
    startPlaying(media.forTrack(2));
    vi.advanceTimersByTime(100);
    expect(media.forTrack(1).loads).toHaveLength(1);
  });
});

describe('queue editing', () => {
  it('adds tracks at the end and after the current one', () => {
    const { engine, tracks, state } = setUp(2);
    engine.playNow(tracks);
    engine.enqueue([makeTrack(8)]);
    engine.playNext([makeTrack(9)]);
    expect(state().entries.map((entry) => entry.track.id)).toEqual([1, 9, 2, 8]);
  });

  it('makes the first enqueued track current without playing it', () => {
    const { engine, tracks, state, currentId } = setUp(2);
    engine.enqueue(tracks);
    expect(currentId()).toBe(1);
    expect(state().isPlaying).toBe(false);
  });

  it('keeps the current track current when others move or go', () => {
    const { engine, tracks, state, currentId } = setUp(4);
    engine.playNow(tracks, 2);
    engine.move(3, 0);
    expect(currentId()).toBe(3);
    expect(state().currentIndex).toBe(3);
    engine.remove(0);
    expect(currentId()).toBe(3);
    expect(state().entries.map((entry) => entry.track.id)).toEqual([1, 2, 3]);
  });

  it('removing the playing track plays the one after it', () => {
    const { engine, media, tracks, currentId } = setUp(3);
    engine.playNow(tracks, 1);
    engine.remove(1);
    expect(currentId()).toBe(3);
    expect(media.forTrack(3).paused).toBe(false);
  });

  it('clears everything and stops the audio', () => {
    const { engine, media, tracks, state } = setUp();
    engine.playNow(tracks);
    const element = media.forTrack(1);
    engine.clear();
    expect(state()).toMatchObject({ entries: [], currentIndex: -1, isPlaying: false });
    expect(element.paused).toBe(true);
    expect(element.src).toBe('');
  });
});

describe('restore', () => {
  it('comes back paused at the saved position and resumes from there on play', () => {
    const { engine, media, state } = setUp();
    engine.restore({
      entries: [
        { key: 'a', track: makeTrack(1) },
        { key: 'b', track: makeTrack(2) },
      ],
      currentIndex: 1,
      position: 42,
      loop: 'queue',
      volume: 0.5,
    });
    expect(state()).toMatchObject({ currentIndex: 1, position: 42, isPlaying: false, loop: 'queue', volume: 0.5 });
    expect(media.created).toHaveLength(0);
    engine.play();
    const element = media.forTrack(2);
    element.loadMetadata(100);
    expect(element.currentTime).toBe(42);
    expect(element.volume).toBe(0.5);
    expect(state().isPlaying).toBe(true);
  });
});

describe('speed', () => {
  it('enqueues 10,000 tracks in well under 100 ms', () => {
    const { engine, state } = setUp(0);
    const many = Array.from({ length: 10_000 }, (_, n) => makeTrack(n + 1));
    const start = performance.now();
    engine.enqueue(many);
    const elapsed = performance.now() - start;
    expect(state().entries).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(100);
  });
});
