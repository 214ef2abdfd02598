import { apiRequest } from '../api/client';
import { ApiError } from '../errors/api-error';
import { markAnonymous, type Profile, type SessionState, sessionStore, setProfile } from './session-store';

/**
 * Asks the pod who we are. A 401 (or a pod that cannot answer) means anonymous, silently
 * (product.md §4): the visitor can still browse what the pod shows anonymously.
 */
export async function loadProfile(): Promise<SessionState> {
  try {
    setProfile(await apiRequest<Profile>('users/me/'));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) {
      console.warn('Could not load the profile', error);
    }
    markAnonymous();
  }
  return sessionStore.getState();
}
