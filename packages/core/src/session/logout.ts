import { apiRequest } from '../api/client';
import { resetAfterLogout } from '../auth/reset-registry';
import { setTokens } from '../auth/token-store';

/** Ends the session on the pod (a failure is tolerated, calls.md §8.2), then wipes client state. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('users/logout', { method: 'POST', skipTokenRefresh: true });
  } catch (error) {
    console.warn('Logout failed on the pod', error);
  }
  setTokens(null);
  resetAfterLogout();
}
