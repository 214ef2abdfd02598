import { registerPlayer, registerReset } from '@shoal/core';
import { createAudioMedia } from './engine/media';
import { PLAYER_KEY, persistPlayer, readSnapshot } from './engine/persistence';
import { PlayerEngine } from './engine/player-engine';
import { connectMediaSession } from './media-session';
import { startRadioDriver } from './radio-driver';
import { installPlayerShortcuts } from './shortcuts';
import { submitListening } from './submit-listening';

/** The one player of the page: the host owns it so it outlives every route and remote. */
export const player = new PlayerEngine({ createMedia: createAudioMedia, submitListening });

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let started = false;

/** Restores the last session (paused), then opens the player to remotes, the OS and the keyboard. */
export function startPlayer(): void {
  if (started) return;
  started = true;
  const storage = localStore();
  player.restore(readSnapshot(storage));
  const persisted = storage ? persistPlayer(player.store, storage) : null;
  if (persisted) window.addEventListener('pagehide', persisted.flush);
  registerReset('queue', () => {
    player.clear();
    // Written now, so the reset registry's sweep of the track storage that follows removes it too.
    persisted?.flush();
  });
  registerReset('player', () => {
    player.reset();
    storage?.removeItem(PLAYER_KEY);
  });
  connectMediaSession(player);
  installPlayerShortcuts(player);
  registerPlayer(player);
  startRadioDriver(player);
}
