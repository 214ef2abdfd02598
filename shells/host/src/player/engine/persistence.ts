import { LOCAL_TRACK_STORAGE_PREFIX } from '@shoal/core';
import type { StoreApi } from 'zustand';
import type { PlayerSnapshot } from './player-engine';
import type { PlayerState, QueueEntry } from './player-state';

/**
 * What survives a reload (calls.md §9.4). The queue sits under the track-storage prefix, which logout
 * clears; the position has its own key because it changes every second and the queue may be thousands
 * of tracks long.
 */
export const QUEUE_KEY = `${LOCAL_TRACK_STORAGE_PREFIX}queue`;
export const CURSOR_KEY = `${LOCAL_TRACK_STORAGE_PREFIX}cursor`;
export const PLAYER_KEY = 'shoal.player';
/** The position is written at most once per second of playback. */
const POSITION_STEP_S = 1;

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the resume after a reload.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isEntry(value: unknown): value is QueueEntry {
  if (!isRecord(value) || typeof value.key !== 'string' || !isRecord(value.track)) return false;
  const track = value.track;
  return typeof track.id === 'number' && typeof track.title === 'string' && Array.isArray(track.sources);
}

const numberOr = (value: unknown, fallback?: number) => (typeof value === 'number' ? value : fallback);

export function readSnapshot(storage: Storage | null): PlayerSnapshot {
  if (!storage) return {};
  const queue = readJson(storage, QUEUE_KEY);
  const cursor = readJson(storage, CURSOR_KEY);
  const player = readJson(storage, PLAYER_KEY);
  const snapshot: PlayerSnapshot = {};
  if (isRecord(queue) && Array.isArray(queue.entries)) {
    snapshot.entries = queue.entries.filter(isEntry);
    const keys = queue.unshuffledKeys;
    snapshot.unshuffledKeys = Array.isArray(keys) ? keys.filter((key) => typeof key === 'string') : null;
  }
  if (isRecord(cursor)) {
    snapshot.currentIndex = numberOr(cursor.index);
    snapshot.position = numberOr(cursor.position);
  }
  if (isRecord(player)) {
    if (player.loop === 'none' || player.loop === 'single' || player.loop === 'queue') snapshot.loop = player.loop;
    snapshot.volume = numberOr(player.volume);
    snapshot.lastVolume = numberOr(player.lastVolume);
  }
  return snapshot;
}

/** A burst of queue edits (a drag, many removals) is written once, this long after the last one. */
export const QUEUE_WRITE_DELAY_MS = 250;

/** Writes each part only when it changed; returns a flush for page hide, and the unsubscribe. */
export function persistPlayer(store: StoreApi<PlayerState>, storage: Storage) {
  let lastPosition = store.getState().position;
  let queueTimer: ReturnType<typeof setTimeout> | null = null;
  const writeQueue = () => {
    if (queueTimer) clearTimeout(queueTimer);
    queueTimer = null;
    const { entries, unshuffledKeys } = store.getState();
    write(storage, QUEUE_KEY, { entries, unshuffledKeys });
  };
  const writeCursor = (state: PlayerState) => {
    lastPosition = state.position;
    write(storage, CURSOR_KEY, { index: state.currentIndex, position: state.position });
  };
  const unsubscribe = store.subscribe((state, previous) => {
    // A 10,000-track queue is megabytes of JSON: serialise it once per burst of edits, not per edit.
    if (state.entries !== previous.entries || state.unshuffledKeys !== previous.unshuffledKeys) {
      if (queueTimer) clearTimeout(queueTimer);
      queueTimer = setTimeout(writeQueue, QUEUE_WRITE_DELAY_MS);
    }
    if (
      state.currentIndex !== previous.currentIndex ||
      state.isPlaying !== previous.isPlaying ||
      Math.abs(state.position - lastPosition) >= POSITION_STEP_S
    ) {
      writeCursor(state);
    }
    if (state.loop !== previous.loop || state.volume !== previous.volume || state.lastVolume !== previous.lastVolume) {
      write(storage, PLAYER_KEY, { loop: state.loop, volume: state.volume, lastVolume: state.lastVolume });
    }
  });
  const flush = () => {
    if (queueTimer) writeQueue();
    writeCursor(store.getState());
  };
  return { flush, unsubscribe };
}
