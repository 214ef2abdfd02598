import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { instanceStore } from '../instance/instance-store';
import { completeOAuthLogin, startOAuthLogin } from './oauth-login';
import { codeChallengeFor } from './pkce';
import { tokenStore } from './token-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('OAuth sign-in with a pod on another origin', () => {
  let assigned: string | null;
  const calls: { url: string; init: RequestInit }[] = [];

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    calls.length = 0;
    assigned = null;
    instanceStore.setState({ url: 'https://pod.example/', known: [] });
    vi.stubGlobal('location', {
      ...window.location,
      origin: 'http://shoal.test',
      assign: (url: string) => (assigned = url),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = input.toString();
        calls.push({ url, init });
        if (url.endsWith('/oauth/apps/')) return json(201, { client_id: 'cid', client_secret: 'csecret' });
        if (url.endsWith('/oauth/token/')) return json(200, { access_token: 'a1', refresh_token: 'r1' });
        return json(404, {});
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('registers the app once, sends a PKCE challenge and a random state, then trades the code', async () => {
    await startOAuthLogin('/favorites');
    expect(assigned).not.toBeNull();
    const authorize = new URL(assigned as string);
    expect(authorize.origin + authorize.pathname).toBe('https://pod.example/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('cid');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://shoal.test/auth/callback');
    expect(authorize.searchParams.get('scope')).toBe('read write');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const state = authorize.searchParams.get('state') as string;
    expect(state).toMatch(/^[\w-]{43}$/);
    const registration = JSON.parse(String(calls[0]?.init.body));
    expect(registration).toMatchObject({
      name: 'Shoal',
      scopes: 'read write',
      redirect_uris: 'http://shoal.test/auth/callback',
    });

    const pending = JSON.parse(sessionStorage.getItem('shoal.oauth.pending') as string);
    await expect(codeChallengeFor(pending.verifier)).resolves.toBe(authorize.searchParams.get('code_challenge'));

    await expect(completeOAuthLogin('the-code', state)).resolves.toBe('/favorites');
    const exchange = calls.find((call) => call.url.endsWith('/oauth/token/'))?.init.body as FormData;
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('code_verifier')).toBe(pending.verifier);
    expect(tokenStore.getState().tokens).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      clientId: 'cid',
      clientSecret: 'csecret',
    });
    expect(calls.filter((call) => call.url.endsWith('/oauth/apps/'))).toHaveLength(1);
  });

  it('refuses a callback whose state this browser did not send', async () => {
    await startOAuthLogin('/library');
    await expect(completeOAuthLogin('the-code', 'forged-state')).rejects.toMatchObject({
      messages: ['This sign-in link is not the one Shoal started. Please log in again.'],
    });
    expect(calls.some((call) => call.url.endsWith('/oauth/token/'))).toBe(false);
  });
});
