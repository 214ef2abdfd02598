import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaFactory, makeTrack } from './fake-media.test-helper';
import { CURSOR_KEY, PLAYER_KEY, persistPlayer, QUEUE_KEY, QUEUE_WRITE_DELAY_MS, readSnapshot } from './persistence';
import { PlayerEngine } from './player-engine';

function engineWithStorage() {
  const media = fakeMediaFactory();
  const engine = new PlayerEngine({ createMedia: media.createMedia, submitListening: () => {} });
  const persisted = persistPlayer(engine.store, localStorage);
  return { engine, media, persisted };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('player persistence', () => {
  it('keeps the queue under the track-storage prefix and loop and volume under the player key', () => {
    const { engine } = engineWithStorage();
    engine.playNow([makeTrack(1), makeTrack(2)], 1);
    engine.cycleLoop();
    engine.setVolume(0.3);
    vi.advanceTimersByTime(QUEUE_WRITE_DELAY_MS);
    expect(QUEUE_KEY.startsWith('shoal.tracks.')).toBe(true);
    expect(CURSOR_KEY.startsWith('shoal.tracks.')).toBe(true);
    const queue = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '{}');
    expect(queue.entries.map((entry: { track: { id: number } }) => entry.track.id)).toEqual([1, 2]);
    expect(JSON.parse(localStorage.getItem(CURSOR_KEY) ?? '{}')).toEqual({ index: 1, position: 0 });
    expect(JSON.parse(localStorage.getItem(PLAYER_KEY) ?? '{}')).toEqual({
      loop: 'single',
      volume: 0.3,
      lastVolume: 0.3,
    });
  });

  it('writes a burst of queue edits once, after the last one', () => {
    const { engine } = engineWithStorage();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    engine.enqueue([makeTrack(1)]);
    engine.enqueue([makeTrack(2)]);
    engine.move(1, 0);
    vi.advanceTimersByTime(QUEUE_WRITE_DELAY_MS - 1);
    expect(setItem.mock.calls.filter(([key]) => key === QUEUE_KEY)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(setItem.mock.calls.filter(([key]) => key === QUEUE_KEY)).toHaveLength(1);
    const queue = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '{}');
    expect(queue.entries.map((entry: { track: { id: number } }) => entry.track.id)).toEqual([2, 1]);
  });

  it('writes the position once per second of playback, and on pause', () => {
    const { engine, media } = engineWithStorage();
    engine.playNow([makeTrack(1)]);
    const element = media.forTrack(1);
    element.loadMetadata(100);
    element.timeTo(0.5);
    expect(JSON.parse(localStorage.getItem(CURSOR_KEY) ?? '{}').position).toBe(0);
    element.timeTo(1.2);
    expect(JSON.parse(localStorage.getItem(CURSOR_KEY) ?? '{}').position).toBe(1.2);
    element.timeTo(1.7);
    engine.pause();
    expect(JSON.parse(localStorage.getItem(CURSOR_KEY) ?? '{}').position).toBe(1.7);
  });

  it('brings a reload back where the listener was, paused, shuffle order included', () => {
    const first = engineWithStorage();
    first.engine.playNow([makeTrack(1), makeTrack(2), makeTrack(3)], 1);
    first.engine.toggleShuffle();
    first.engine.cycleLoop();
    first.engine.cycleLoop();
    first.engine.setVolume(0.5);
    first.engine.toggleMute();
    const element = first.media.forTrack(2);
    element.loadMetadata(100);
    element.timeTo(33);
    first.persisted.flush();
    const before = first.engine.store.getState();

    const second = new PlayerEngine({ createMedia: fakeMediaFactory().createMedia, submitListening: () => {} });
    second.restore(readSnapshot(localStorage));
    const after = second.store.getState();
    expect(after.entries).toEqual(before.entries);
    expect(after.unshuffledKeys).toEqual(before.unshuffledKeys);
    expect(after).toMatchObject({
      currentIndex: before.currentIndex,
      position: 33,
      isPlaying: false,
      loop: 'queue',
      volume: 0,
      lastVolume: 0.5,
    });
    second.toggleMute();
    expect(second.store.getState().volume).toBe(0.5);
  });

  it('ignores damaged storage', () => {
    localStorage.setItem(QUEUE_KEY, '{not json');
    localStorage.setItem(CURSOR_KEY, JSON.stringify({ index: 'x' }));
    localStorage.setItem(PLAYER_KEY, JSON.stringify({ loop: 'forever', volume: 'loud' }));
    expect(readSnapshot(localStorage)).toEqual({ currentIndex: undefined, position: undefined });
    const engine = new PlayerEngine({ createMedia: fakeMediaFactory().createMedia, submitListening: () => {} });
    engine.restore(readSnapshot(localStorage));
    expect(engine.store.getState()).toMatchObject({ entries: [], currentIndex: -1, loop: 'none', volume: 0.7 });
  });
});
