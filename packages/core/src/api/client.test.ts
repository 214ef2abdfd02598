import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens, tokenStore } from '../auth/token-store';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../errors/api-error';
import { instanceStore } from '../instance/instance-store';
import { setSessionExpiredHandler } from '../session/session-expiry';
import { sessionStore, setProfile } from '../session/session-store';
import { apiRequest, apiUrl } from './client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = input.toString();
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', clientId: 'client', clientSecret: 'secret' };

describe('apiRequest', () => {
  beforeEach(() => {
    instanceStore.setState({ url: 'https://pod.example/', known: [] });
    setTokens(null);
    sessionStore.setState({
      status: 'anonymous',
      profile: null,
      permissions: { settings: false, library: false, moderation: false },
    });
    // biome-ignore lint/suspicious/noDocumentCookie: the request layer reads this very cookie
    document.cookie = 'csrftoken=csrf-value';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: undoes the cookie set above
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('builds URLs under the pod with repeated query values', () => {
    expect(apiUrl('tracks/', { q: 'night', tag: ['a', 'b'], page: null })).toBe(
      'https://pod.example/api/v1/tracks/?q=night&tag=a&tag=b',
    );
  });

  it('sends the CSRF header, and the bearer token when one is held', async () => {
    setTokens(tokens);
    const calls = fakeFetch(() => json(200, { ok: true }));
    await expect(apiRequest('users/me/')).resolves.toEqual({ ok: true });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('X-CSRFToken')).toBe('csrf-value');
    expect(headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('refreshes an expired access token once and retries, keeping the rotated pair', async () => {
    setTokens(tokens);
    const calls = fakeFetch((url, init) => {
      if (url.endsWith('/oauth/token/')) return json(200, { access_token: 'access-2', refresh_token: 'refresh-2' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer access-2' ? json(200, { id: 1 }) : json(401, { detail: 'expired' });
    });
    await expect(Promise.all([apiRequest('users/me/'), apiRequest('tracks/')])).resolves.toEqual([
      { id: 1 },
      { id: 1 },
    ]);
    expect(calls.filter((call) => call.url.endsWith('/oauth/token/'))).toHaveLength(1);
    const form = calls.find((call) => call.url.endsWith('/oauth/token/'))?.init.body as FormData;
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-1');
    expect(tokenStore.getState().tokens).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('logs the user out when the refresh is refused with invalid_grant', async () => {
    setTokens(tokens);
    setProfile({ id: 1, username: 'alice', full_username: 'alice@pod.example', permissions: {} });
    fakeFetch((url) => (url.endsWith('/oauth/token/') ? json(400, { error: 'invalid_grant' }) : json(401, {})));
    await expect(apiRequest('users/me/')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.getState().tokens).toBeNull();
    expect(sessionStore.getState().status).toBe('anonymous');
  });

  it('sends an expired cookie session to the login page with the current path', async () => {
    setProfile({ id: 1, username: 'alice', full_username: 'alice@pod.example', permissions: {} });
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    window.history.replaceState({}, '', '/library/albums?page=2');
    fakeFetch(() => json(401, { detail: 'Authentication credentials were not provided.' }));
    await expect(apiRequest('favorites/tracks/')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(expired).toHaveBeenCalledWith('/library/albums?page=2');
  });

  it('reads the rate-limit headers of a 429 and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(() => json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '12' }));
    await expect(apiRequest('tracks/')).rejects.toMatchObject({
      status: 429,
      messages: ['Too many requests: try again in 12 seconds.'],
    });
    expect(warn).toHaveBeenCalledWith('This client is rate-limited!');
  });

  it('explains a request that never reached the pod', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('tracks/')).rejects.toMatchObject({ status: null, messages: [UNKNOWN_ERROR_MESSAGE] });
  });
});
