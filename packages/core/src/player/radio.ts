import { createStore, type StoreApi } from 'zustand';
import { ApiError } from '../errors/api-error';
import { NO_MORE_RADIO_CANDIDATES } from '../errors/response-messages';
import type { QueueTrack } from './queue-track';
import type { PlayableApiTrack } from './to-queue-track';

/** Radio types a pod knows (`radios/sessions/` radio_type), plus the client-only `account` radio. */
export type RadioType =
  | 'random'
  | 'random_library'
  | 'favorites'
  | 'less-listened'
  | 'recently-added'
  | 'actor-content'
  | 'library'
  | 'tag'
  | 'artist'
  | 'album'
  | 'custom'
  | 'account';

/** A running radio (product.md §3): type, objectId, session id, customRadioId, clientOnly, config. */
export interface RadioConfig {
  type: RadioType;
  /** The related object: artist or album id, tag name, library uuid, actor's full username. */
  objectId?: string | number | null;
  customRadioId?: number | null;
  /** Filters of a `custom_multiple` radio. */
  config?: unknown;
  /** Fed by `Listen` events of the live connection instead of `radios/tracks/` (calls.md §7.9). */
  clientOnly?: boolean;
}

export interface RadioState {
  current: RadioConfig | null;
  sessionId: number | null;
  running: boolean;
  populating: boolean;
  /** Failed fetches in a row. */
  errorCount: number;
  /** Queue key of the radio's latest track: when it leaves the queue, the listener replaced the queue. */
  lastKey: string | null;
}

/** calls.md §9.1: a failing radio is retried up to 5 times, then reset. */
export const RADIO_RETRIES = 5;
/** Pause between two tries, so a pod that is briefly away gets a moment. */
export const RADIO_RETRY_DELAY_MS = 1000;
export const RADIO_STORAGE_KEY = 'shoal.radio';

/** What the radio needs of the player; the host adapts its engine to it. */
export interface RadioPlayer {
  /** True when the current track is the last of a non-empty queue. */
  atLastTrack(): boolean;
  /** Whether the queue still holds the entry of this key. */
  has(key: string): boolean;
  subscribe(listener: () => void): () => void;
  /** Appends a track; `play` makes it current and starts it. Returns the entry's key. */
  append(track: QueueTrack, play: boolean): string;
  /** Tells the listener the radio is over; playback pauses with reason end of radio (once the last track ends). */
  endOfRadio(message: string): void;
}

/** A `Listen` event of the live connection (calls.md §7.9), as far as radios read it. */
export interface ListenEvent {
  type: 'Listen';
  actor?: { local_id?: string | number; name?: string };
  object?: { local_id?: number | string };
}

export interface RadioDeps {
  player: RadioPlayer;
  request: <T>(
    path: string,
    options?: { method?: string; json?: unknown; query?: Record<string, string | number> },
  ) => Promise<T>;
  toQueueTrack: (track: PlayableApiTrack) => QueueTrack;
  storage?: Storage | null;
  /** Opens the live feed of `Listen` events for client-only radios; returns its closer. */
  subscribeListen?: (handler: (event: ListenEvent) => void) => () => void;
  retryDelayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const initialRadioState = (): RadioState => ({
  current: null,
  sessionId: null,
  running: false,
  populating: false,
  errorCount: 0,
  lastKey: null,
});

export const isNoMoreCandidates = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 404 &&
  (error.body === NO_MORE_RADIO_CANDIDATES ||
    (typeof error.body === 'object' &&
      error.body !== null &&
      (error.body as { detail?: unknown }).detail === NO_MORE_RADIO_CANDIDATES));

// ---- The contract remotes use: the host registers its radio, remotes start and stop it ----

export interface RadioCommands {
  start(config: RadioConfig): void;
  stop(): void;
  readonly store: StoreApi<RadioState>;
}

let registeredRadio: RadioCommands | null = null;
const waitingRadio: ((radio: RadioCommands) => void)[] = [];
const emptyRadioStore = createStore<RadioState>(initialRadioState);
/**
 * Which radio store is current: the host registers its radio once the first screen is shown, after a
 * remote may already have rendered its buttons, so they must follow the switch from the idle store.
 */
const currentRadioStore = createStore<{ store: StoreApi<RadioState> }>(() => ({ store: emptyRadioStore }));

export function registerRadio(radio: RadioCommands): void {
  registeredRadio = radio;
  currentRadioStore.setState({ store: radio.store });
  for (const run of waitingRadio.splice(0)) run(radio);
}

export function startRadio(config: RadioConfig): void {
  if (registeredRadio) registeredRadio.start(config);
  else waitingRadio.push((radio) => radio.start(config));
}

export function stopRadio(): void {
  registeredRadio?.stop();
}

/** The store holding the current radio store, for hooks that must notice the host's registration. */
export function radioStoreHolder(): StoreApi<{ store: StoreApi<RadioState> }> {
  return currentRadioStore;
}
