import { type RemoteManifest, sessionStore } from '@shoal/core';
import { MemoryRouter, Route, Routes, useLocation } from '@shoal/router';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteRoute } from './RemoteRoute';
import { loadRemoteApp } from './remote-loader';

vi.mock('./remote-loader', () => ({
  loadRemoteApp: vi.fn(async () => ({ default: () => <h1>Administration remote</h1> })),
}));

const manifest: RemoteManifest = {
  remotes: [
    {
      name: 'manage',
      entry: '/apps/manage/remoteEntry.js',
      routes: [{ path: '/manage/settings', requires: 'settings' }],
    },
  ],
};

function Library() {
  return <p>library at {useLocation().pathname}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/library" element={<Library />} />
        <Route path="*" element={<RemoteRoute manifest={manifest} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemoteRoute', () => {
  beforeEach(() => vi.mocked(loadRemoteApp).mockClear());

  it('refuses a user without the permission before downloading anything', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    sessionStore.setState({
      status: 'authenticated',
      profile: null,
      permissions: { settings: false, library: true, moderation: true },
    });
    renderAt('/manage/settings');
    expect(await screen.findByText('library at /library')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Not authenticated. Redirecting to library.');
    expect(loadRemoteApp).not.toHaveBeenCalled();
  });

  it('loads the remote for a user holding the permission', async () => {
    sessionStore.setState({
      status: 'authenticated',
      profile: null,
      permissions: { settings: true, library: false, moderation: false },
    });
    renderAt('/manage/settings');
    expect(await screen.findByRole('heading', { name: 'Administration remote' })).toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenCalledTimes(1);
  });

  it('shows the not-found page for a path no remote owns', async () => {
    renderAt('/nowhere');
    // A chunk of its own, off the way to every remote's first screen.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
