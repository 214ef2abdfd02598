import type { QueueTrack } from '@shoal/core';
import type { MediaLike } from './media';

/** A media element that does nothing by itself: tests drive metadata, time, endings and errors. */
export class FakeMedia extends EventTarget implements MediaLike {
  src = '';
  preload: MediaLike['preload'] = '';
  currentTime = 0;
  volume = 1;
  duration = Number.NaN;
  paused = true;
  ended = false;
  readyState = 0;
  error: { code: number } | null = null;
  playCalls = 0;
  loads: string[] = [];
  nextPlay: (() => Promise<void>) | null = null;

  play(): Promise<void> {
    this.paused = false;
    this.ended = false;
    this.playCalls += 1;
    const result = this.nextPlay ? this.nextPlay() : Promise.resolve();
    this.nextPlay = null;
    return result;
  }
  pause(): void {
    this.paused = true;
  }
  load(): void {
    this.loads.push(this.src);
    this.readyState = 0;
    this.error = null;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }

  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }
  loadMetadata(duration: number): void {
    this.duration = duration;
    this.readyState = 4;
    this.emit('loadedmetadata');
    this.emit('durationchange');
  }
  startPlaying(): void {
    this.emit('playing');
  }
  /** Moves playback to `seconds` and reports it, as the element does while playing. */
  timeTo(seconds: number): void {
    this.currentTime = seconds;
    this.emit('timeupdate');
  }
  end(): void {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    // As a browser does: 'pause' first, then 'ended'.
    this.emit('pause');
    this.emit('ended');
  }
  /** A pause nobody in the app asked for (a headset unplugged, the OS taking the audio). */
  pauseFromOutside(): void {
    this.paused = true;
    this.emit('pause');
  }
  fail(code = 4): void {
    this.error = { code };
    this.emit('error');
  }
}

/** Hands out fake elements and remembers them in creation order. */
export function fakeMediaFactory() {
  const created: FakeMedia[] = [];
  return {
    created,
    createMedia: () => {
      const media = new FakeMedia();
      created.push(media);
      return media;
    },
    /** The element currently set to a source of `trackId`. */
    forTrack(trackId: number): FakeMedia {
      const media = created.find((item) => item.src.includes(`/t${trackId}/`));
      if (!media) throw new Error(`no media element holds track ${trackId}`);
      return media;
    },
  };
}

export function makeTrack(id: number, duration = 100, sourceCount = 1): QueueTrack {
  return {
    id,
    title: `Track ${id}`,
    artistCredit: 'Artist',
    albumTitle: 'Album',
    position: id,
    artistId: 1,
    albumId: 1,
    coverUrl: null,
    sources: Array.from({ length: sourceCount }, (_, n) => ({
      url: `https://pod.example/listen/t${id}/?source=${n}`,
      mimetype: 'audio/ogg',
      bitrate: 128000,
      duration,
    })),
  };
}
