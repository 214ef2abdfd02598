import { sessionStore, tokenStore } from '@shoal/core';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthCallbackPage } from './AuthCallbackPage';
import { fakePod, PROFILE, resetClientState } from './testing/fake-pod';

const POD = 'https://pod.example/';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/favorites" element={<h1>Favorites</h1>} />
        <Route path="/login" element={<h1>Log in</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AuthCallbackPage', () => {
  beforeEach(() => {
    resetClientState(POD);
    // What startOAuthLogin left behind before sending the browser to the pod.
    localStorage.setItem(
      'shoal.oauth.app',
      JSON.stringify({ instance: POD, clientId: 'cid', clientSecret: 'csecret' }),
    );
    sessionStorage.setItem(
      'shoal.oauth.pending',
      JSON.stringify({ instance: POD, state: 'state-1', verifier: 'verifier-1', next: '/favorites' }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('trades the code for tokens with the PKCE verifier, loads the profile and goes on to next', async () => {
    const sent = fakePod({
      'POST oauth/token/': { status: 200, body: { access_token: 'at-1', refresh_token: 'rt-1', expires_in: 36000 } },
      'GET users/me/': { status: 200, body: PROFILE },
    });
    renderAt('/auth/callback?code=code-1&state=state-1');
    expect(await screen.findByRole('heading', { name: 'Favorites' })).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'cid',
      code_verifier: 'verifier-1',
      redirect_uri: `${window.location.origin}/auth/callback`,
    });
    expect(tokenStore.getState().tokens).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    expect(sent[1]?.headers.get('Authorization')).toBe('Bearer at-1');
    expect(sessionStore.getState().status).toBe('authenticated');
    // The one-time state is spent.
    expect(sessionStorage.getItem('shoal.oauth.pending')).toBeNull();
  });

  it('refuses a callback whose state this browser did not send, without calling the pod', async () => {
    const sent = fakePod({});
    renderAt('/auth/callback?code=code-1&state=forged');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We cannot log you in');
    expect(alert).toHaveTextContent('This sign-in link is not the one Shoal started.');
    expect(sent).toHaveLength(0);
    expect(tokenStore.getState().tokens).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
  });

  it('shows the failure when the pod refuses the code', async () => {
    fakePod({ 'POST oauth/token/': { status: 400, body: { error: 'invalid_grant' } } });
    renderAt('/auth/callback?code=stale&state=state-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('We cannot log you in');
    expect(tokenStore.getState().tokens).toBeNull();
    expect(sessionStore.getState().status).toBe('anonymous');
  });
});
