/** The player's numbers, all from calls.md §9.1. */
export const SOUND_CACHE_SIZE = 3;
export const PRELOAD_DELAY_MS = 100;
export const ERROR_ADVANCE_MS = 3000;
export const RESTART_THRESHOLD_S = 3;
export const LISTENING_CAP_S = 240;
export const MEDIA_SESSION_SEEK_S = 10;
export const MEDIA_KEY_SEEK_S = 5;
export const SHORT_SEEK_S = 5;
export const LONG_SEEK_S = 30;

/** Player messages of calls.md §8.3. */
export const MESSAGES = {
  cannotLoad: 'The track cannot be loaded',
  noSources: 'The track has no available sources.',
  connectivity: 'You may have a connectivity issue.',
  unexpected: 'An unexpected error occurred',
  noWebGl2: "Your browser doesn't appear to support WebGL2.",
} as const;

/** Seconds of playback after which a listening counts: the lesser of half the track and 240 s. */
export function listeningThreshold(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return LISTENING_CAP_S;
  return Math.min(duration / 2, LISTENING_CAP_S);
}
