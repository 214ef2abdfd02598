import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthorizePage } from './AuthorizePage';
import { fakePod, resetClientState } from './testing/fake-pod';

const APP = { status: 200, body: { name: 'Tape Deck', client_id: 'deck' } };
const QUERY =
  'client_id=deck&redirect_uri=https%3A%2F%2Fdeck.example%2Fcb&scope=read%20write&response_type=code&state=s-9';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/authorize" element={<AuthorizePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AuthorizePage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the app and its scopes, then sends the browser back to the app with the grant', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const sent = fakePod({
      'GET oauth/apps/deck/': APP,
      'POST oauth/authorize/': {
        status: 200,
        body: { code: 'c-1', redirect_uri: 'https://deck.example/cb?code=c-1&state=s-9' },
      },
    });
    renderAt(`/authorize?${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Allow Tape Deck to use your account?' })).toBeInTheDocument();
    expect(screen.getByText('Read your data')).toBeInTheDocument();
    expect(screen.getByText('Change your data')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Authorize Tape Deck' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://deck.example/cb?code=c-1&state=s-9'));
    const grant = sent.find((r) => r.path === 'oauth/authorize/');
    expect(grant?.body).toMatchObject({ allow: 'true', client_id: 'deck', state: 's-9', scope: 'read write' });
    expect(grant?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('shows the code to copy for an out-of-band app', async () => {
    fakePod({
      'GET oauth/apps/deck/': APP,
      'POST oauth/authorize/': { status: 200, body: { code: 'oob-code', redirect_uri: 'urn:ietf:wg:oauth:2.0:oob' } },
    });
    renderAt('/authorize?client_id=deck&redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scope=read');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Authorize Tape Deck' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copy this code into Tape Deck: oob-code');
    expect(screen.queryByRole('button', { name: 'Authorize Tape Deck' })).not.toBeInTheDocument();
  });

  it('says the application could not be loaded for an unknown client', async () => {
    fakePod({ 'GET oauth/apps/nobody/': { status: 404, body: { detail: 'Not found.' } } });
    renderAt('/authorize?client_id=nobody');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error while fetching application data');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the pod’s refusal of the grant and lets the user try again', async () => {
    fakePod({
      'GET oauth/apps/deck/': APP,
      'POST oauth/authorize/': { status: 400, body: { redirect_uri: ['Mismatching redirect URI.'] } },
    });
    renderAt(`/authorize?${QUERY}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Authorize Tape Deck' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The application could not be authorized');
    expect(alert).toHaveTextContent('Mismatching redirect URI.');
    expect(screen.getByRole('button', { name: 'Authorize Tape Deck' })).toBeEnabled();
  });
});
