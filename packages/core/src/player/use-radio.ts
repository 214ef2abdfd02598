import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { onRadioRegistered, type RadioState, radioStore } from './radio';

/**
 * The running radio, for a remote's start/stop buttons. Follows the store the host registers even
 * when the button rendered first (a radio started before that runs as soon as it is registered).
 */
export function useRadio<T>(selector: (state: RadioState) => T): T {
  const store = useSyncExternalStore(onRadioRegistered, radioStore, radioStore);
  return useStore(store, selector);
}
