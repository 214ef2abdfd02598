import {
  apiRequest,
  instanceStore,
  type ListenEvent,
  RadioSession,
  registerQueueSnapshot,
  registerRadio,
  registerReset,
  sessionStore,
  toQueueTrack,
} from '@shoal/core';
import type { PlayerEngine } from './engine/player-engine';

/** The live connection's `Listen` events, opened only while a client-only radio runs (calls.md §7.9). */
function subscribeListen(handler: (event: ListenEvent) => void): () => void {
  const base = instanceStore.getState().url;
  if (!base || typeof WebSocket === 'undefined') return () => {};
  const url = new URL('api/v1/activity', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  let socket: WebSocket | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const open = () => {
    socket = new WebSocket(url);
    socket.onmessage = (message) => {
      try {
        const event = JSON.parse(String(message.data)) as { type?: unknown };
        if (event.type === 'Listen') handler(event as ListenEvent);
      } catch {
        // Not JSON: not for the radio.
      }
    };
    // Reconnects by itself while the radio runs.
    socket.onclose = () => {
      if (!closed) retry = setTimeout(open, 5000);
    };
  };
  open();
  return () => {
    closed = true;
    if (retry) clearTimeout(retry);
    socket?.close();
  };
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
