import { apiVersionFor } from '../api/api-versions';
import { instanceStore } from '../instance/instance-store';
import { markAnonymous } from '../session/session-store';
import { resetAfterLogout } from './reset-registry';
import { setTokens, tokenStore } from './token-store';

let inFlight: Promise<boolean> | null = null;

async function exchange(): Promise<boolean> {
  const tokens = tokenStore.getState().tokens;
  const { url: base, generation } = instanceStore.getState();
  if (!tokens || !base) return false;
  const form = new FormData();
  form.set('grant_type', 'refresh_token');
  form.set('refresh_token', tokens.refreshToken);
  form.set('client_id', tokens.clientId);
  form.set('client_secret', tokens.clientSecret);
  let response: Response;
  try {
    const path = `api/${apiVersionFor('oauth/token/', generation)}/oauth/token/`;
    response = await fetch(new URL(path, base), { method: 'POST', body: form });
  } catch {
    return false;
  }
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    refresh_token?: unknown;
    error?: unknown;
  } | null;
  if (response.ok && typeof body?.access_token === 'string' && typeof body.refresh_token === 'string') {
    setTokens({ ...tokens, accessToken: body.access_token, refreshToken: body.refresh_token });
    return true;
  }
  if (body?.error === 'invalid_grant') {
    // The refresh token was used, revoked or expired: the sign-in is over.
    setTokens(null);
    markAnonymous();
    resetAfterLogout();
  }
  return false;
}

/**
 * Trades the refresh token for a new pair. Concurrent failures share one exchange, since the pod
 * rotates refresh tokens and a second use of the old one would be refused.
 */
export function refreshTokens(): Promise<boolean> {
  if (!inFlight) {
    inFlight = exchange().finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
