// The host's radio (product.md §3; calls.md §8.2, §9.1): only the host runs it, so it is not part
// of the shared @shoal/core entry (which every first visit downloads whole) but a subpath the host's
// player imports once the first screen shows. The contract remotes use stays in ./radio.
import { createStore, type StoreApi } from 'zustand';
import { NO_MORE_RADIO_CANDIDATES } from '../errors/response-messages';
import {
  initialRadioState,
  isNoMoreCandidates,
  RADIO_RETRIES,
  RADIO_RETRY_DELAY_MS,
  RADIO_STORAGE_KEY,
  type RadioConfig,
  type RadioDeps,
  type RadioState,
} from './radio';
import type { PlayableApiTrack } from './to-queue-track';

function readStored(storage: Storage | null | undefined): Partial<RadioState> {
  if (!storage) return {};
  try {
    const value = JSON.parse(storage.getItem(RADIO_STORAGE_KEY) ?? 'null') as Partial<RadioState> | null;
    if (!value || typeof value !== 'object' || !value.current || typeof value.current.type !== 'string') return {};
    return {
      current: value.current,
      sessionId: typeof value.sessionId === 'number' ? value.sessionId : null,
      running: value.running === true,
      lastKey: typeof value.lastKey === 'string' ? value.lastKey : null,
    };
  } catch {
    return {};
  }
}

/**
 * The radio session driver (product.md §4, Radio: start, running, populating, stop, reset): it opens a
 * session on the pod, then asks for one more track each time the queue reaches its last track. The first
 * track plays by itself; a failure is retried up to 5 times, then the radio resets; an exhausted radio
 * pauses the player with reason end of radio. Its state is kept in local storage (calls.md §9.4).
 */
export class RadioSession {
  readonly store: StoreApi<RadioState>;
  private retryTimer: unknown = null;
  private closeFeed: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private generation = 0;

  constructor(private readonly deps: RadioDeps) {
    this.store = createStore<RadioState>(() => ({ ...initialRadioState(), ...readStored(deps.storage) }));
    this.store.subscribe((state) => this.persist(state));
    this.unsubscribe = deps.player.subscribe(() => this.onPlayerChange());
    // After a reload the radio goes on where it was: fed again if the queue is already at its end.
    const restored = this.store.getState();
    if (restored.running && restored.current?.clientOnly) this.openFeed(restored.current);
    else if (restored.running) this.onPlayerChange();
  }

  private get state(): RadioState {
    return this.store.getState();
  }

  private persist(state: RadioState): void {
    const storage = this.deps.storage;
    if (!storage) return;
    try {
      if (!state.current) storage.removeItem(RADIO_STORAGE_KEY);
      else {
        const { current, sessionId, running, lastKey } = state;
        storage.setItem(RADIO_STORAGE_KEY, JSON.stringify({ current, sessionId, running, lastKey }));
      }
    } catch {
      // A full or disabled storage only costs the radio after a reload.
    }
  }

  private onPlayerChange(): void {
    const { running, populating } = this.state;
    if (!running) return;
    // The listener replaced or cleared the queue: the radio's tracks are gone, so is the radio.
    const { lastKey } = this.state;
    if (lastKey && !this.deps.player.has(lastKey)) {
      this.stop();
      return;
    }
    if (!populating && !this.retryTimer && this.deps.player.atLastTrack()) void this.populate(false);
  }

  async start(config: RadioConfig): Promise<void> {
    this.stop();
    const generation = this.generation;
    this.store.setState({
      current: config,
      sessionId: null,
      running: true,
      populating: false,
      errorCount: 0,
      lastKey: null,
    });
    if (config.clientOnly) {
      this.openFeed(config);
      await this.populateClientOnly(generation);
      return;
    }
    await this.populate(true);
  }

  stop(): void {
    this.generation += 1;
    this.clearRetry();
    this.closeFeed?.();
    this.closeFeed = null;
    this.store.setState({ running: false, populating: false, errorCount: 0, lastKey: null });
  }

  /** Stops and forgets the radio (after too many failures, on logout). */
  reset(): void {
    this.stop();
    this.store.setState(initialRadioState());
  }

  /** Lets go of the player and the live feed, leaving the stored state as it is (a page going away). */
  dispose(): void {
    this.generation += 1;
    this.clearRetry();
    this.closeFeed?.();
    this.closeFeed = null;
    this.unsubscribe?.();
  }

  private remember(key: string): void {
    // `append` notified the player's listeners before the key came back: note it unless the radio stopped.
    if (this.state.running) this.store.setState({ lastKey: key });
  }

  private clearRetry(): void {
    if (this.retryTimer !== null)
      (this.deps.clearTimer ?? clearTimeout)(this.retryTimer as ReturnType<typeof setTimeout>);
    this.retryTimer = null;
  }

  private async openSession(config: RadioConfig): Promise<number> {
    const session = await this.deps.request<{ id: number }>('radios/sessions/', {
      method: 'POST',
      json: {
        radio_type: config.type,
        related_object_id: config.objectId ?? null,
        custom_radio: config.customRadioId ?? null,
        config: config.config ?? null,
      },
    });
    this.store.setState({ sessionId: session.id });
    return session.id;
  }

  /** Fetches one more track; `playNow` for the first one, which plays by itself. */
  private async populate(playNow: boolean): Promise<void> {
    const { running, populating, current } = this.state;
    if (!running || populating || !current || current.clientOnly) return;
    const generation = this.generation;
    this.store.setState({ populating: true });
    try {
      const sessionId = this.state.sessionId ?? (await this.openSession(current));
      if (generation !== this.generation) return;
      const answer = await this.deps.request<{ track: PlayableApiTrack }>('radios/tracks/', {
        method: 'POST',
        json: { session: sessionId },
      });
      if (generation !== this.generation) return;
      this.store.setState({ populating: false, errorCount: 0 });
      this.remember(this.deps.player.append(this.deps.toQueueTrack(answer.track), playNow));
    } catch (error) {
      if (generation !== this.generation) return;
      this.store.setState({ populating: false });
      if (isNoMoreCandidates(error)) {
        this.stop();
        this.deps.player.endOfRadio(NO_MORE_RADIO_CANDIDATES);
        return;
      }
      this.onFailure(error, () => void this.populate(playNow));
    }
  }

  private onFailure(error: unknown, retry: () => void): void {
    const errorCount = this.state.errorCount + 1;
    console.warn('The radio could not fetch a track', error);
    if (errorCount > RADIO_RETRIES) {
      this.reset();
      return;
    }
    this.store.setState({ errorCount });
    this.retryTimer = (this.deps.setTimer ?? setTimeout)(() => {
      this.retryTimer = null;
      retry();
    }, this.deps.retryDelayMs ?? RADIO_RETRY_DELAY_MS);
  }

  // ---- Client-only radios: the tracks someone else listens to, as the live connection reports them ----

  private openFeed(config: RadioConfig): void {
    this.closeFeed?.();
    this.closeFeed =
      this.deps.subscribeListen?.((event) => {
        if (event.type !== 'Listen' || !this.state.running) return;
        const actor = event.actor?.local_id ?? event.actor?.name;
        const trackId = event.object?.local_id;
        if (actor === undefined || trackId === undefined) return;
        if (!sameActor(String(actor), String(config.objectId ?? ''))) return;
        void this.appendTrack(String(trackId), this.generation, false);
      }) ?? null;
  }

  private async populateClientOnly(generation: number): Promise<void> {
    const actor = String(this.state.current?.objectId ?? '');
    try {
      const page = await this.deps.request<{ results: { track: PlayableApiTrack }[] }>('history/listenings/', {
        query: { scope: `actor:${actor}`, ordering: '-creation_date', page_size: 1, page: 1 },
      });
      if (generation !== this.generation) return;
      const last = page.results[0]?.track;
      if (last) this.remember(this.deps.player.append(this.deps.toQueueTrack(last), true));
    } catch (error) {
      if (generation !== this.generation) return;
      this.onFailure(error, () => void this.populateClientOnly(generation));
    }
  }

  private async appendTrack(id: string, generation: number, play: boolean): Promise<void> {
    try {
      const track = await this.deps.request<PlayableApiTrack>(`tracks/${encodeURIComponent(id)}/`);
      if (generation !== this.generation) return;
      this.remember(this.deps.player.append(this.deps.toQueueTrack(track), play));
    } catch (error) {
      console.warn('The radio could not load a listened track', error);
    }
  }
}

/** `alice` and `alice@pod.example` name the same local actor. */
function sameActor(eventActor: string, wanted: string): boolean {
  if (!wanted) return false;
  return eventActor === wanted || eventActor === wanted.split('@')[0];
}
