import { apiRequest } from '../api/client';
import { ApiError } from '../errors/api-error';
import { instanceStore } from '../instance/instance-store';
import { codeChallengeFor, randomToken } from './pkce';
import { setTokens } from './token-store';

const APP_KEY = 'shoal.oauth.app';
const PENDING_KEY = 'shoal.oauth.pending';
/** calls.md §9.4: the scopes Shoal asks a pod for. */
export const OAUTH_SCOPES = 'read write';

interface RegisteredApp {
  instance: string;
  clientId: string;
  clientSecret: string;
}

interface PendingLogin {
  instance: string;
  state: string;
  verifier: string;
  next: string;
}

export function redirectUri(): string {
  return `${window.location.origin}/auth/callback`;
}

/** True when the pod lives on another origin: its session cookie cannot reach us, OAuth is needed. */
export function needsOAuth(): boolean {
  const instance = instanceStore.getState().url;
  return Boolean(instance) && new URL(instance as string).origin !== window.location.origin;
}

async function registeredApp(instance: string): Promise<RegisteredApp> {
  try {
    const stored = JSON.parse(localStorage.getItem(APP_KEY) ?? 'null') as RegisteredApp | null;
    if (stored?.instance === instance && stored.clientId && stored.clientSecret) return stored;
  } catch {
    // Register again below.
  }
  const created = await apiRequest<{ client_id: string; client_secret: string }>('oauth/apps/', {
    method: 'POST',
    json: { name: 'Shoal', website: window.location.origin, scopes: OAUTH_SCOPES, redirect_uris: redirectUri() },
    skipTokenRefresh: true,
  });
  const app = { instance, clientId: created.client_id, clientSecret: created.client_secret };
  localStorage.setItem(APP_KEY, JSON.stringify(app));
  return app;
}

/** Sends the browser to the pod's authorisation page (authorization code flow with PKCE S256). */
export async function startOAuthLogin(next: string): Promise<void> {
  const instance = instanceStore.getState().url;
  if (!instance) throw new ApiError(null, ['No pod is chosen yet.']);
  const app = await registeredApp(instance);
  const pending: PendingLogin = { instance, state: randomToken(), verifier: randomToken(48), next };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL('authorize', instance);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: redirectUri(),
    scope: OAUTH_SCOPES,
    state: pending.state,
    code_challenge: await codeChallengeFor(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

/**
 * Finishes the sign-in on `/auth/callback`: the `state` must be the one this browser sent, so a
 * crafted link cannot log someone into another account. Returns where to go next.
 */
export async function completeOAuthLogin(code: string, state: string): Promise<string> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingLogin | null;
  sessionStorage.removeItem(PENDING_KEY);
  if (!pending || pending.state !== state) {
    throw new ApiError(null, ['This sign-in link is not the one Shoal started. Please log in again.']);
  }
  const app = await registeredApp(pending.instance);
  const form = new FormData();
  form.set('grant_type', 'authorization_code');
  form.set('code', code);
  form.set('client_id', app.clientId);
  form.set('client_secret', app.clientSecret);
  form.set('redirect_uri', redirectUri());
  form.set('code_verifier', pending.verifier);
  const tokens = await apiRequest<{ access_token: string; refresh_token: string }>('oauth/token/', {
    method: 'POST',
    form,
    skipTokenRefresh: true,
  });
  setTokens({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
  });
  return pending.next;
}
