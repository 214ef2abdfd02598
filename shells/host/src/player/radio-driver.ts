import {
  apiRequest,
  instanceStore,
  type ListenEvent,
  registerQueueSnapshot,
  registerRadio,
  registerReset,
  sessionStore,
  subscribeLiveEvent,
  toQueueTrack,
} from '@shoal/core';
import { RadioSession } from '@shoal/core/radio-session';
import type { PlayerEngine } from './engine/player-engine';

/** The live connection's `Listen` events (calls.md §7.9), from the host's one socket of the page. */
function subscribeListen(handler: (event: ListenEvent) => void): () => void {
  return subscribeLiveEvent('Listen', (event) => handler(event as unknown as ListenEvent));
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Wires the radio session driver of @shoal/core to the host's player, and opens it to remotes. */
export function startRadioDriver(player: PlayerEngine): RadioSession {
  const radio = new RadioSession({
    storage: localStore(),
    request: (path, options) => apiRequest(path, options),
    toQueueTrack: (track) =>
      toQueueTrack(
        track,
        instanceStore.getState().url ?? window.location.origin,
        sessionStore.getState().profile?.tokens?.listen ?? null,
      ),
    subscribeListen,
    player: {
      atLastTrack: () => {
        const { currentIndex, entries } = player.store.getState();
        return currentIndex >= 0 && currentIndex === entries.length - 1;
      },
      has: (key) => player.store.getState().entries.some((entry) => entry.key === key),
      subscribe: (listener) =>
        player.store.subscribe((state, previous) => {
          if (state.entries !== previous.entries || state.currentIndex !== previous.currentIndex) listener();
        }),
      append: (track, play) => {
        player.enqueue([track]);
        const { entries } = player.store.getState();
        if (play) player.jump(entries.length - 1);
        return entries[entries.length - 1]?.key ?? '';
      },
      endOfRadio: (message) => {
        const before = player.store.getState();
        if (!before.isPlaying) {
          player.pause('endOfRadio');
          player.store.setState({ message });
          return;
        }
        // The radio's last track is playing: it plays to its end, then the pause is the radio's.
        player.store.setState({ message });
        const unsubscribe = player.store.subscribe((state) => {
          if (state.entries !== before.entries) unsubscribe();
          else if (state.pauseReason === 'endOfQueue') {
            unsubscribe();
            player.store.setState({ pauseReason: 'endOfRadio', message });
          }
        });
      },
    },
  });
  registerQueueSnapshot(() => player.store.getState().entries.map((entry) => entry.track));
  registerReset('radios', () => radio.reset());
  registerRadio({ start: (config) => void radio.start(config), stop: () => radio.stop(), store: radio.store });
  return radio;
}
