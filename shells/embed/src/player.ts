/**
 * The embed player's state, kept apart from the DOM so it can be tested: which track is current,
 * whether the listener wants it playing, and what the <audio> element last reported.
 */
export interface PlayerState {
  /** How many tracks the list holds (at least one once ready). */
  count: number;
  index: number;
  /** The listener asked for sound (play pressed, a track chosen, or the previous one ended). */
  wantsPlay: boolean;
  /** The element is actually playing. */
  playing: boolean;
  time: number;
  duration: number | null;
  /** The current track could not be played from any of its sources. */
  failed: boolean;
}

export type PlayerEvent =
  | { type: 'toggle' }
  | { type: 'select'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'seek'; time: number }
  // What the <audio> element reports:
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'time'; time: number }
  | { type: 'duration'; duration: number }
  | { type: 'ended' }
  | { type: 'error' };

export function initialPlayer(count: number, duration: number | null = null): PlayerState {
  return { count, index: 0, wantsPlay: false, playing: false, time: 0, duration, failed: false };
}

function moveTo(state: PlayerState, index: number, wantsPlay: boolean): PlayerState {
  if (index < 0 || index >= state.count) return state;
  return {
    ...state,
    index,
    wantsPlay,
    playing: index === state.index ? state.playing : false,
    time: 0,
    duration: null,
    failed: false,
  };
}

export function reducePlayer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'toggle':
      if (state.failed) return state;
      return { ...state, wantsPlay: !state.wantsPlay };
    case 'select':
      // Choosing the current track again restarts nothing: it just plays.
      if (event.index === state.index) return { ...state, wantsPlay: !state.failed };
      return moveTo(state, event.index, true);
    case 'next':
      return moveTo(state, state.index + 1, state.wantsPlay);
    case 'previous':
      return moveTo(state, state.index - 1, state.wantsPlay);
    case 'seek': {
      const max = state.duration ?? Number.POSITIVE_INFINITY;
      return { ...state, time: Math.min(Math.max(0, event.time), max) };
    }
    case 'playing':
      return { ...state, playing: true, wantsPlay: true };
    case 'paused':
      return { ...state, playing: false, wantsPlay: false };
    case 'time':
      return { ...state, time: event.time };
    case 'duration':
      return Number.isFinite(event.duration) && event.duration > 0 ? { ...state, duration: event.duration } : state;
    case 'ended':
      // Goes on with the next track; the last one ending stops the player on it.
      if (state.index + 1 < state.count) return moveTo(state, state.index + 1, true);
      return { ...state, playing: false, wantsPlay: false, time: 0 };
    case 'error':
      return { ...state, playing: false, wantsPlay: false, failed: true };
  }
}

export const hasPrevious = (state: PlayerState) => state.index > 0;
export const hasNext = (state: PlayerState) => state.index + 1 < state.count;
