import { useStore } from 'zustand';
import { type SessionState, sessionStore } from './session-store';

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
