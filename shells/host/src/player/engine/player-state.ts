import type { QueueTrack } from '@shoal/core';

/** Why playback is paused (product.md §4). `null` while playing or before anything was played. */
export type PauseReason = 'userInput' | 'endOfQueue' | 'mediaSession' | 'errored' | 'endOfRadio';

/** Loop modes in the order the loop button cycles them (product.md §4). */
export const LOOP_MODES = ['none', 'single', 'queue'] as const;
export type LoopMode = (typeof LOOP_MODES)[number];

/** One slot of the queue: the same track may be queued twice, so each slot has its own key. */
export interface QueueEntry {
  key: string;
  track: QueueTrack;
}

export interface PlayerState {
  entries: QueueEntry[];
  /** Index of the current entry, -1 when the queue is empty. */
  currentIndex: number;
  /** Entry keys in the order before shuffling; null when not shuffled. */
  unshuffledKeys: string[] | null;
  /** Keys of entries whose audio failed. */
  erroredKeys: Record<string, true>;
  isPlaying: boolean;
  pauseReason: PauseReason | null;
  loop: LoopMode;
  /** 0..1; 0 while muted. */
  volume: number;
  /** The volume to go back to when unmuting. */
  lastVolume: number;
  /** Seconds into the current track. */
  position: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  buffering: boolean;
  /** A player message of calls.md §8.3, or null. */
  message: string | null;
}

export const DEFAULT_VOLUME = 0.7;

export function initialPlayerState(): PlayerState {
  return {
    entries: [],
    currentIndex: -1,
    unshuffledKeys: null,
    erroredKeys: {},
    isPlaying: false,
    pauseReason: null,
    loop: 'none',
    volume: DEFAULT_VOLUME,
    lastVolume: DEFAULT_VOLUME,
    position: 0,
    duration: 0,
    buffering: false,
    message: null,
  };
}

export function currentEntry(state: PlayerState): QueueEntry | null {
  return state.entries[state.currentIndex] ?? null;
}
