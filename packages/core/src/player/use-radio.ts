import { useStore } from 'zustand';
import { type RadioState, radioStoreHolder } from './radio';

/** The running radio, for a remote's start/stop buttons; follows the host's registration of its radio. */
export function useRadio<T>(selector: (state: RadioState) => T): T {
  const store = useStore(radioStoreHolder(), (holder) => holder.store);
  return useStore(store, selector);
}
