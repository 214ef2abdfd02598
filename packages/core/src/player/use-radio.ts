import { useStore } from 'zustand';
import { type RadioState, radioStore } from './radio';

/** The running radio, for a remote's start/stop buttons. */
export function useRadio<T>(selector: (state: RadioState) => T): T {
  return useStore(radioStore(), selector);
}
