import type { PlayerCommands, QueueTrack } from '@shoal/core';
import { createStore, type StoreApi } from 'zustand';
import {
  ERROR_ADVANCE_MS,
  listeningThreshold,
  MESSAGES,
  PRELOAD_DELAY_MS,
  RESTART_THRESHOLD_S,
  SOUND_CACHE_SIZE,
} from './constants';
import { HAVE_METADATA, type MediaLike } from './media';
import {
  currentEntry,
  DEFAULT_VOLUME,
  initialPlayerState,
  LOOP_MODES,
  type PauseReason,
  type PlayerState,
  type QueueEntry,
} from './player-state';
import { insertEntries, moveEntry, type QueueShape, removeEntry, shuffleQueue, unshuffleQueue } from './queue-ops';
import { Sound, type SoundEvent, type SoundFailure } from './sound';

export interface EngineDeps {
  createMedia: () => MediaLike;
  /** Records a listening (calls.md §7.6); failures are the caller's to swallow. */
  submitListening: (trackId: number) => void;
  random?: () => number;
}

/** What a reload brings back (calls.md §9.4). */
export interface PlayerSnapshot {
  entries?: QueueEntry[];
  unshuffledKeys?: string[] | null;
  currentIndex?: number;
  position?: number;
  loop?: PlayerState['loop'];
  volume?: number;
  lastVolume?: number;
}

const FAILURE_MESSAGES: Record<SoundFailure, string> = {
  noSources: MESSAGES.noSources,
  network: MESSAGES.connectivity,
  decode: MESSAGES.cannotLoad,
};

const clampVolume = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : DEFAULT_VOLUME);

let keyCounter = 0;
const keyPrefix = Math.random().toString(36).slice(2, 8);
function newEntries(tracks: QueueTrack[]): QueueEntry[] {
  return tracks.map((track) => {
    keyCounter += 1;
    return { key: `${keyPrefix}-${keyCounter}`, track };
  });
}

/**
 * The host's player: the queue, the loop and shuffle modes and the audio elements behind them, following
 * product.md §4 and calls.md §9.1. The state lives in a zustand store so the UI only subscribes; every
 * change goes through these methods.
 */
export class PlayerEngine implements PlayerCommands {
  readonly store: StoreApi<PlayerState> = createStore<PlayerState>(initialPlayerState);
  /** Least recently used first; holds at most SOUND_CACHE_SIZE sounds. */
  private readonly sounds = new Map<string, Sound>();
  private errorTimer: ReturnType<typeof setTimeout> | null = null;
  private preloadTimer: ReturnType<typeof setTimeout> | null = null;
  private preloadScheduled = false;
  private listened = false;

  constructor(private readonly deps: EngineDeps) {}

  private get state(): PlayerState {
    return this.store.getState();
  }

  private set(partial: Partial<PlayerState>): void {
    this.store.setState(partial);
  }

  // ---- Sounds ----

  private soundFor(entry: QueueEntry): Sound {
    let sound = this.sounds.get(entry.key);
    if (sound) {
      this.sounds.delete(entry.key);
    } else {
      sound = new Sound(entry, this.deps.createMedia(), this.onSoundEvent);
    }
    this.sounds.set(entry.key, sound);
    this.evict();
    return sound;
  }

  private evict(): void {
    const currentKey = currentEntry(this.state)?.key;
    for (const [key, sound] of this.sounds) {
      if (this.sounds.size <= SOUND_CACHE_SIZE) break;
      if (key === currentKey) continue;
      sound.dispose();
      this.sounds.delete(key);
    }
  }

  private currentSound(): Sound | null {
    const entry = currentEntry(this.state);
    return entry ? (this.sounds.get(entry.key) ?? null) : null;
  }

  private clearTimers(): void {
    if (this.errorTimer) clearTimeout(this.errorTimer);
    if (this.preloadTimer) clearTimeout(this.preloadTimer);
    this.errorTimer = null;
    this.preloadTimer = null;
  }

  private disposeSounds(): void {
    for (const sound of this.sounds.values()) sound.dispose();
    this.sounds.clear();
  }

  /** Makes `index` current from `position`, playing it when asked; every start is a new play. */
  private start(index: number, play: boolean, position = 0): void {
    this.clearTimers();
    const previous = this.currentSound();
    const entry = this.state.entries[index];
    if (!entry) return;
    if (previous && previous.key !== entry.key) previous.media.pause();
    this.listened = false;
    this.preloadScheduled = false;
    this.set({ currentIndex: index, position, message: null, buffering: false });
    const sound = this.soundFor(entry);
    sound.load();
    if (sound.media.readyState >= HAVE_METADATA) sound.media.currentTime = position;
    else sound.pendingSeek = position > 0 ? position : null;
    sound.media.volume = this.state.volume;
    this.set({ duration: sound.duration() });
    if (play) this.play();
    else {
      sound.media.pause();
      this.set({ isPlaying: false });
    }
  }

  private readonly onSoundEvent = (sound: Sound, event: SoundEvent): void => {
    if (sound !== this.currentSound()) return;
    const media = sound.media;
    switch (event) {
      case 'loadedmetadata':
      case 'durationchange':
        this.set({ duration: sound.duration() });
        break;
      case 'timeupdate':
        this.set({ position: media.currentTime });
        this.checkListening(sound);
        break;
      case 'playing':
        this.set({ buffering: false });
        if (!this.preloadScheduled) {
          this.preloadScheduled = true;
          this.preloadTimer = setTimeout(() => this.preloadNext(), PRELOAD_DELAY_MS);
        }
        break;
      case 'waiting':
        this.set({ buffering: true });
        break;
      case 'pause':
        // The engine marks itself paused before pausing the element, so a pause while it still
        // plays came from outside (a headset unplugged, the OS): the media-session reason.
        if (this.state.isPlaying && !media.ended && !this.errorTimer) {
          this.set({ isPlaying: false, pauseReason: 'mediaSession', buffering: false });
        }
        break;
      case 'ended':
        this.onEnded();
        break;
      case 'error':
        this.fail(sound);
        break;
      case 'sourcechange':
        if (this.state.isPlaying) this.playMedia(sound);
        break;
    }
  };

  private checkListening(sound: Sound): void {
    if (this.listened) return;
    if (sound.media.currentTime < listeningThreshold(sound.duration())) return;
    this.listened = true;
    this.deps.submitListening(sound.entry.track.id);
  }

  private nextIndexForPreload(): number | null {
    const { currentIndex, entries, loop } = this.state;
    if (currentIndex + 1 < entries.length) return currentIndex + 1;
    return loop === 'queue' && entries.length > 1 ? 0 : null;
  }

  private preloadNext(): void {
    this.preloadTimer = null;
    const index = this.nextIndexForPreload();
    const entry = index === null ? undefined : this.state.entries[index];
    if (!entry) return;
    const sound = this.soundFor(entry);
    sound.load();
    sound.media.volume = this.state.volume;
    // Keep the current one the most recently used, so the cache drops the oldest past track first.
    const current = this.currentSound();
    if (current) this.soundFor(current.entry);
  }

  private onEnded(): void {
    if (this.state.loop === 'single') this.start(this.state.currentIndex, true);
    else this.next();
  }

  /** product.md §4: marked errored, shown as finished, then the next track after 3 s (or a pause in single loop). */
  private fail(sound: Sound): void {
    if (this.errorTimer) return;
    this.set({
      erroredKeys: { ...this.state.erroredKeys, [sound.key]: true },
      message: FAILURE_MESSAGES[sound.failed ?? 'decode'],
      position: sound.duration(),
      duration: sound.duration(),
      buffering: false,
    });
    if (this.state.loop === 'single') {
      this.pause('errored');
      return;
    }
    this.errorTimer = setTimeout(() => {
      this.errorTimer = null;
      this.next();
    }, ERROR_ADVANCE_MS);
  }

  private playMedia(sound: Sound): void {
    let attempt: Promise<void>;
    try {
      // Old engines return nothing from play(); some throw synchronously instead of rejecting.
      attempt = Promise.resolve(sound.media.play());
    } catch (error) {
      attempt = Promise.reject(error);
    }
    attempt.catch((error: unknown) => {
      if (sound !== this.currentSound()) return;
      const name = error instanceof DOMException ? error.name : '';
      // A newer load or pause interrupted this play, or the element will report its own error event.
      if (name === 'AbortError' || name === 'NotSupportedError') return;
      if (name === 'NotAllowedError') {
        this.set({ isPlaying: false, pauseReason: null });
        return;
      }
      this.set({ isPlaying: false, message: MESSAGES.unexpected });
    });
  }

  // ---- Transport ----

  play(): void {
    const entry = currentEntry(this.state);
    if (!entry) return;
    const sound = this.sounds.get(entry.key);
    if (!sound?.loaded) {
      // After a reload nothing is loaded yet: pick up at the remembered position.
      this.start(this.state.currentIndex, true, this.state.position);
      return;
    }
    this.set({ isPlaying: true, pauseReason: null });
    if (sound.failed) {
      this.fail(sound);
      return;
    }
    sound.media.volume = this.state.volume;
    this.playMedia(sound);
  }

  pause(reason: PauseReason = 'userInput'): void {
    if (this.errorTimer) {
      clearTimeout(this.errorTimer);
      this.errorTimer = null;
    }
    this.currentSound()?.media.pause();
    this.set({ isPlaying: false, pauseReason: reason, buffering: false });
  }

  togglePlay(reason: PauseReason = 'userInput'): void {
    if (this.state.isPlaying) this.pause(reason);
    else this.play();
  }

  seek(seconds: number): void {
    const sound = this.currentSound();
    const duration = sound?.duration() ?? this.state.duration;
    const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
    if (sound?.loaded && sound.media.readyState >= HAVE_METADATA) sound.media.currentTime = target;
    else if (sound) sound.pendingSeek = target;
    this.set({ position: target });
  }

  seekBy(delta: number): void {
    this.seek(this.state.position + delta);
  }

  /** product.md §4: restart at ≥ 3 s; at the first track, queue loop goes to the last. */
  previous(): void {
    const { currentIndex, entries, loop, position } = this.state;
    if (currentIndex < 0) return;
    if (position >= RESTART_THRESHOLD_S) this.start(currentIndex, true);
    else if (currentIndex > 0) this.start(currentIndex - 1, true);
    else if (loop === 'queue') this.start(entries.length - 1, true);
    else this.start(currentIndex, true);
  }

  /** product.md §4: at the last track, queue loop wraps (a one-track queue restarts); else pause at the end. */
  next(): void {
    const { currentIndex, entries, loop } = this.state;
    if (currentIndex < 0) return;
    if (currentIndex + 1 < entries.length) this.start(currentIndex + 1, true);
    else if (loop === 'queue') this.start(0, true);
    else this.pause('endOfQueue');
  }

  jump(index: number): void {
    if (index >= 0 && index < this.state.entries.length) this.start(index, true);
  }

  cycleLoop(): void {
    const at = LOOP_MODES.indexOf(this.state.loop);
    this.set({ loop: LOOP_MODES[(at + 1) % LOOP_MODES.length] ?? 'none' });
  }

  toggleShuffle(): void {
    const { entries, currentIndex, unshuffledKeys } = this.state;
    if (unshuffledKeys) {
      this.set({ ...unshuffleQueue({ entries, currentIndex }, unshuffledKeys), unshuffledKeys: null });
    } else {
      this.set({
        ...shuffleQueue({ entries, currentIndex }, this.deps.random ?? Math.random),
        unshuffledKeys: entries.map((entry) => entry.key),
      });
    }
  }

  setVolume(value: number): void {
    const volume = clampVolume(value);
    this.set({ volume, lastVolume: volume > 0 ? volume : this.state.lastVolume });
    for (const sound of this.sounds.values()) sound.media.volume = volume;
  }

  /** Muting remembers the volume so unmuting goes back to it. */
  toggleMute(): void {
    const { volume, lastVolume } = this.state;
    if (volume > 0) {
      this.set({ volume: 0, lastVolume: volume });
      for (const sound of this.sounds.values()) sound.media.volume = 0;
    } else {
      this.setVolume(lastVolume > 0 ? lastVolume : DEFAULT_VOLUME);
    }
  }

  // ---- Queue ----

  private reshape(shape: QueueShape, extra: Partial<PlayerState> = {}): void {
    this.set({ entries: shape.entries, currentIndex: shape.currentIndex, ...extra });
  }

  playNow(tracks: QueueTrack[], startIndex = 0): void {
    this.stopAudio();
    const entries = newEntries(tracks);
    this.set({ entries, currentIndex: -1, unshuffledKeys: null, erroredKeys: {}, position: 0, duration: 0 });
    if (entries.length) this.start(Math.min(Math.max(0, startIndex), entries.length - 1), true);
  }

  enqueue(tracks: QueueTrack[]): void {
    this.insert(this.state.entries.length, tracks);
  }

  playNext(tracks: QueueTrack[]): void {
    this.insert(this.state.currentIndex + 1, tracks);
  }

  private insert(at: number, tracks: QueueTrack[]): void {
    const added = newEntries(tracks);
    if (!added.length) return;
    const wasEmpty = this.state.currentIndex === -1;
    const { unshuffledKeys } = this.state;
    this.reshape(insertEntries(this.state, at, added), {
      unshuffledKeys: unshuffledKeys ? [...unshuffledKeys, ...added.map((entry) => entry.key)] : null,
    });
    if (wasEmpty) this.set({ position: 0, duration: added[0]?.track.sources[0]?.duration ?? 0 });
  }

  remove(index: number): void {
    const removed = this.state.entries[index];
    if (!removed) return;
    const wasCurrent = index === this.state.currentIndex;
    const wasPlaying = this.state.isPlaying;
    if (wasCurrent) this.stopAudio();
    const shape = removeEntry(this.state, index);
    const { unshuffledKeys } = this.state;
    this.reshape(shape, {
      unshuffledKeys: unshuffledKeys ? unshuffledKeys.filter((key) => key !== removed.key) : null,
    });
    const sound = this.sounds.get(removed.key);
    if (sound) {
      sound.dispose();
      this.sounds.delete(removed.key);
    }
    if (!shape.entries.length) this.clear();
    else if (wasCurrent) this.start(shape.currentIndex, wasPlaying);
  }

  move(from: number, to: number): void {
    if (from === to) return;
    this.reshape(moveEntry(this.state, from, to));
  }

  private stopAudio(): void {
    this.clearTimers();
    this.currentSound()?.media.pause();
  }

  clear(): void {
    this.clearTimers();
    this.disposeSounds();
    this.set({
      entries: [],
      currentIndex: -1,
      unshuffledKeys: null,
      erroredKeys: {},
      isPlaying: false,
      pauseReason: null,
      position: 0,
      duration: 0,
      buffering: false,
      message: null,
    });
  }

  /** Logout: the player goes back to its defaults (product.md §4). */
  reset(): void {
    this.clear();
    this.set({ loop: 'none', volume: DEFAULT_VOLUME, lastVolume: DEFAULT_VOLUME });
  }

  dismissMessage(): void {
    this.set({ message: null });
  }

  /** Brings back a persisted session, paused, without loading any audio until the listener presses play. */
  restore(snapshot: PlayerSnapshot): void {
    const entries = snapshot.entries ?? [];
    const currentIndex = entries.length ? Math.min(Math.max(0, snapshot.currentIndex ?? 0), entries.length - 1) : -1;
    const duration = entries[currentIndex]?.track.sources[0]?.duration ?? 0;
    const volume = clampVolume(snapshot.volume ?? DEFAULT_VOLUME);
    this.set({
      entries,
      currentIndex,
      unshuffledKeys: snapshot.unshuffledKeys ?? null,
      position: currentIndex >= 0 ? Math.max(0, snapshot.position ?? 0) : 0,
      duration,
      isPlaying: false,
      loop: snapshot.loop && LOOP_MODES.includes(snapshot.loop) ? snapshot.loop : 'none',
      volume,
      lastVolume: clampVolume(snapshot.lastVolume ?? (volume || DEFAULT_VOLUME)) || DEFAULT_VOLUME,
    });
  }

  /** The element of the current track once it is loaded (the visualizer taps it), else null. */
  currentMedia(): MediaLike | null {
    const sound = this.currentSound();
    return sound?.loaded ? sound.media : null;
  }

  /** How many sounds are held (the cache size is part of the contract, so tests check it). */
  get cachedSoundCount(): number {
    return this.sounds.size;
  }
}
