import { MEDIA_ERR_NETWORK, type MediaLike } from './media';
import type { QueueEntry } from './player-state';

export type SoundFailure = 'noSources' | 'network' | 'decode';

/** Media events the engine reacts to, plus `sourcechange` when a sound falls back to its next source. */
export const SOUND_EVENTS = [
  'loadedmetadata',
  'durationchange',
  'timeupdate',
  'playing',
  'pause',
  'waiting',
  'ended',
  'error',
] as const;
export type SoundEvent = (typeof SOUND_EVENTS)[number] | 'sourcechange';

/**
 * One queued entry bound to one media element. It walks the track's sources in order (calls.md §7.6) and
 * only reports an error once every source has failed.
 */
export class Sound {
  readonly key: string;
  private sourceIndex = 0;
  loaded = false;
  failed: SoundFailure | null = null;
  /** Where to jump once the metadata is known (a restored position). */
  pendingSeek: number | null = null;

  constructor(
    readonly entry: QueueEntry,
    readonly media: MediaLike,
    private readonly report: (sound: Sound, event: SoundEvent) => void,
  ) {
    this.key = entry.key;
    for (const type of SOUND_EVENTS) media.addEventListener(type, this.handle);
  }

  private readonly handle = (event: Event): void => {
    if (event.type === 'error') {
      if (this.failed) return;
      if (this.tryNextSource()) {
        this.report(this, 'sourcechange');
        return;
      }
      this.failed = this.media.error?.code === MEDIA_ERR_NETWORK ? 'network' : 'decode';
    }
    if (event.type === 'loadedmetadata' && this.pendingSeek !== null) {
      this.media.currentTime = this.pendingSeek;
      this.pendingSeek = null;
    }
    this.report(this, event.type as SoundEvent);
  };

  private tryNextSource(): boolean {
    const next = this.entry.track.sources[this.sourceIndex + 1];
    if (!next) return false;
    this.sourceIndex += 1;
    this.media.src = next.url;
    this.media.load();
    return true;
  }

  /** Starts fetching the first source; a track without sources fails at once. */
  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const first = this.entry.track.sources[0];
    if (!first) {
      this.failed = 'noSources';
      return;
    }
    this.media.preload = 'auto';
    this.media.src = first.url;
    this.media.load();
  }

  /** Seconds known for this sound: the element's once it has metadata, else the pod's figure. */
  duration(): number {
    if (Number.isFinite(this.media.duration) && this.media.duration > 0) return this.media.duration;
    return this.entry.track.sources[this.sourceIndex]?.duration ?? this.entry.track.sources[0]?.duration ?? 0;
  }

  dispose(): void {
    for (const type of SOUND_EVENTS) this.media.removeEventListener(type, this.handle);
    this.media.pause();
    // Dropping the source frees the decoder and the network connection at once.
    this.media.removeAttribute('src');
    this.media.load();
  }
}
