import { ApiError, apiRequest, sessionStore } from '@shoal/core';

/**
 * Records a listening (calls.md §7.6). Only signed-in listeners have a history; a pod without the
 * history route answers 404, which costs the listening and nothing else.
 */
export function submitListening(trackId: number): void {
  if (sessionStore.getState().status !== 'authenticated') return;
  apiRequest('history/listenings/', { method: 'POST', json: { track: trackId } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return;
    console.warn('The listening could not be recorded', error);
  });
}
