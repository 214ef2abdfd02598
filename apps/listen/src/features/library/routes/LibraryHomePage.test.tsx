import { apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryHomePage } from './LibraryHomePage';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const track = (id: number, title: string) => ({ id, title, artist_credit: [], uploads: [] });

// Shapes of Funkwhale 1.4's answers.
function answer(path: string): unknown {
  switch (path) {
    case 'albums/':
      return page([{ id: 1, title: 'Low Water', artist_credit: [], tracks_count: 3 }]);
    case 'tracks/':
      return page([track(11, 'Tide')]);
    case 'favorites/tracks/':
      return page([
        { id: 5, creation_date: '2026-11-01T00:00:00Z', user: { username: 'listener' }, track: track(12, 'Shore') },
      ]);
    case 'history/listenings/':
      // The same track listened to twice shows once.
      return page([
        { id: 7, creation_date: '2026-11-02T00:00:00Z', track: track(13, 'Undertow') },
        { id: 6, creation_date: '2026-11-01T00:00:00Z', track: track(13, 'Undertow') },
      ]);
    case 'playlists/':
      return page([{ id: 4, name: 'Road trip', tracks_count: 2, album_covers: [], user: { username: 'admin' } }]);
    case 'channels/':
      return page([]);
    case 'moderation/content-filters/':
    case 'favorites/tracks/all/':
      return page([]);
    default:
      throw new Error(`unexpected ${path}`);
  }
}

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
  request.mockImplementation(async (path) => answer(path));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
});

const ui = (path: string, scope?: 'me') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path={path} element={<LibraryHomePage scope={scope} />} />
          <Route path="login" element={<h1>Log in</h1>} />
        </Routes>
      </QueryProvider>
    </MemoryRouter>,
  );

describe('LibraryHomePage', () => {
  it('shows recently added, recently favorited, recently listened, playlists and new channels', async () => {
    ui('/library');
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    const region = (name: string) => screen.getByRole('region', { name });
    expect(await within(region('Recently added')).findByRole('link', { name: 'Low Water' })).toBeInTheDocument();
    // The sections below the first screen follow once the recent albums are in.
    await screen.findByRole('region', { name: 'Recently favorited' });
    expect(await within(region('Recently favorited')).findByRole('link', { name: 'Shore' })).toBeInTheDocument();
    const listened = region('Recently listened');
    expect(await within(listened).findAllByRole('link', { name: 'Undertow' })).toHaveLength(1);
    expect(await within(region('Playlists')).findByRole('link', { name: 'Road trip' })).toHaveAttribute(
      'href',
      '/library/playlists/4',
    );
    expect(region('Playlists')).toHaveTextContent('by admin · 2 tracks');
    expect(await within(region('New channels')).findByText('No channels yet.')).toBeInTheDocument();
    expect(within(region('New channels')).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    // Everything the pod shows: no scope sent.
    for (const call of request.mock.calls) expect(call[1]?.query?.scope).toBeUndefined();
    expect(request).toHaveBeenCalledWith(
      'history/listenings/',
      expect.objectContaining({ query: expect.objectContaining({ ordering: '-creation_date' }) }),
    );
  });

  it("keeps /library/me to the listener's own things", async () => {
    ui('/library/me', 'me');
    expect(screen.getByRole('heading', { level: 1, name: 'My library' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My library' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('link', { name: 'Road trip' });
    for (const path of ['albums/', 'tracks/', 'favorites/tracks/', 'history/listenings/', 'playlists/', 'channels/']) {
      expect(request).toHaveBeenCalledWith(
        path,
        expect.objectContaining({ query: expect.objectContaining({ scope: 'me' }) }),
      );
    }
    expect(screen.getByRole('link', { name: 'Browse albums' })).toHaveAttribute('href', '/library/me/albums');
  });

  it('sends a visitor asking for /library/me to log in', async () => {
    markAnonymous();
    ui('/library/me', 'me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('says when a list could not be loaded, and offers to try again', async () => {
    request.mockImplementation(async (path) => {
      if (path === 'history/listenings/')
        throw Object.assign(new Error('A server error occurred'), { messages: ['A server error occurred'] });
      return answer(path);
    });
    ui('/library');
    // One retry (the shared client's default), then the failure shows.
    expect(await screen.findByText('Recent listenings could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
