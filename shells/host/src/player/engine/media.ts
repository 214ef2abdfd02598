/**
 * The part of HTMLAudioElement the player uses. Tests hand the engine a fake with the same surface, so
 * every transition can run under a fake clock without decoding audio.
 */
export interface MediaLike extends EventTarget {
  src: string;
  preload: '' | 'none' | 'metadata' | 'auto';
  currentTime: number;
  volume: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly readyState: number;
  readonly error: { readonly code: number } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

/** MediaError.MEDIA_ERR_NETWORK: the file stopped arriving, as opposed to a file the browser cannot decode. */
export const MEDIA_ERR_NETWORK = 2;
/** HTMLMediaElement.HAVE_METADATA */
export const HAVE_METADATA = 1;

export function createAudioMedia(): MediaLike {
  return new Audio();
}
