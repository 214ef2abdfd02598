/**
 * Which client state is wiped when (product.md §4): logging out resets the auth, favorites, player,
 * playlists, queue and radios stores, and clears session storage and local track storage; changing
 * pod resets the same plus moderation. Each store registers its own reset, so this module does not
 * need to know the stores that later features add.
 */
export type ResettableStore = 'auth' | 'favorites' | 'player' | 'playlists' | 'queue' | 'radios' | 'moderation';

const LOGOUT_SCOPE: readonly ResettableStore[] = ['auth', 'favorites', 'player', 'playlists', 'queue', 'radios'];
const INSTANCE_CHANGE_SCOPE: readonly ResettableStore[] = [...LOGOUT_SCOPE, 'moderation'];
/** Prefix of the local-storage keys where tracks and the queue are kept between visits. */
export const LOCAL_TRACK_STORAGE_PREFIX = 'shoal.tracks.';

const resets = new Map<ResettableStore, Set<() => void>>();

export function registerReset(store: ResettableStore, reset: () => void): () => void {
  let set = resets.get(store);
  if (!set) {
    set = new Set();
    resets.set(store, set);
  }
  set.add(reset);
  return () => set.delete(reset);
}

function clearLocalTrackStorage(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(LOCAL_TRACK_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored when storage is disabled.
  }
}

function run(scope: readonly ResettableStore[]): void {
  for (const store of scope) {
    for (const reset of resets.get(store) ?? []) reset();
  }
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored when storage is disabled.
  }
  clearLocalTrackStorage();
}

export function resetAfterLogout(): void {
  run(LOGOUT_SCOPE);
}

export function resetAfterInstanceChange(): void {
  run(INSTANCE_CHANGE_SCOPE);
}
