import { describe, expect, it } from 'vitest';
import { hasNext, hasPrevious, initialPlayer, type PlayerEvent, reducePlayer } from './player';

const run = (count: number, ...events: PlayerEvent[]) => events.reduce(reducePlayer, initialPlayer(count));

describe('reducePlayer', () => {
  it('starts on the first track, paused', () => {
    const state = initialPlayer(3, 120);
    expect(state).toMatchObject({ index: 0, wantsPlay: false, playing: false, time: 0, duration: 120 });
    expect(hasPrevious(state)).toBe(false);
    expect(hasNext(state)).toBe(true);
  });

  it('toggles play and follows what the element reports', () => {
    let state = run(2, { type: 'toggle' });
    expect(state.wantsPlay).toBe(true);
    state = reducePlayer(state, { type: 'playing' });
    expect(state.playing).toBe(true);
    state = reducePlayer(state, { type: 'time', time: 12.5 });
    state = reducePlayer(state, { type: 'duration', duration: 200 });
    expect(state).toMatchObject({ time: 12.5, duration: 200 });
    state = reducePlayer(state, { type: 'toggle' });
    expect(state.wantsPlay).toBe(false);
    state = reducePlayer(state, { type: 'paused' });
    expect(state).toMatchObject({ playing: false, wantsPlay: false });
  });

  it('ignores a duration the element does not know yet', () => {
    const state = run(1, { type: 'duration', duration: 90 }, { type: 'duration', duration: Number.NaN });
    expect(state.duration).toBe(90);
    expect(reducePlayer(state, { type: 'duration', duration: Number.POSITIVE_INFINITY }).duration).toBe(90);
  });

  it('plays a chosen track from its start', () => {
    const state = run(3, { type: 'time', time: 30 }, { type: 'select', index: 2 });
    expect(state).toMatchObject({ index: 2, wantsPlay: true, time: 0, duration: null });
    expect(hasNext(state)).toBe(false);
    // Out of range: nothing happens.
    expect(reducePlayer(state, { type: 'select', index: 5 })).toBe(state);
  });

  it('moves to the next and previous tracks keeping play or pause', () => {
    let state = run(3, { type: 'next' });
    expect(state).toMatchObject({ index: 1, wantsPlay: false });
    state = run(3, { type: 'toggle' }, { type: 'playing' }, { type: 'next' }, { type: 'next' });
    expect(state).toMatchObject({ index: 2, wantsPlay: true });
    expect(reducePlayer(state, { type: 'next' })).toBe(state);
    state = reducePlayer(state, { type: 'previous' });
    expect(state).toMatchObject({ index: 1, wantsPlay: true });
    expect(run(3, { type: 'previous' }).index).toBe(0);
  });

  it('goes on to the next track at the end, and stops after the last', () => {
    let state = run(2, { type: 'toggle' }, { type: 'playing' }, { type: 'paused' }, { type: 'ended' });
    expect(state).toMatchObject({ index: 1, wantsPlay: true, time: 0 });
    state = reducePlayer(reducePlayer(state, { type: 'playing' }), { type: 'ended' });
    expect(state).toMatchObject({ index: 1, wantsPlay: false, playing: false, time: 0 });
  });

  it('clamps seeking to the track', () => {
    const state = run(1, { type: 'duration', duration: 100 });
    expect(reducePlayer(state, { type: 'seek', time: 150 }).time).toBe(100);
    expect(reducePlayer(state, { type: 'seek', time: -3 }).time).toBe(0);
    expect(reducePlayer(state, { type: 'seek', time: 42 }).time).toBe(42);
  });

  it('marks a track that cannot be played, and a new choice clears it', () => {
    let state = run(2, { type: 'toggle' }, { type: 'error' });
    expect(state).toMatchObject({ failed: true, wantsPlay: false });
    expect(reducePlayer(state, { type: 'toggle' })).toBe(state);
    state = reducePlayer(state, { type: 'select', index: 1 });
    expect(state).toMatchObject({ failed: false, wantsPlay: true, index: 1 });
  });
});
