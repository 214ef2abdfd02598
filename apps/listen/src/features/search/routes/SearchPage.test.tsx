import { ApiError, apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchPage from './SearchPage';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  request.mockReset();
  markAnonymous();
});

const ui = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path="search" element={<SearchPage />} />
          <Route path="library/albums/:id" element={<h1>Album page</h1>} />
        </Routes>
      </QueryProvider>
    </MemoryRouter>,
  );

describe('SearchPage, remote object and RSS feed tabs', () => {
  it('explains in words why the pod could not fetch a handle', async () => {
    // Funkwhale 1.4's Fetch: the pod tried, and the other server could not be reached.
    request.mockResolvedValue({ id: 8, status: 'errored', detail: { error_code: 'connection' }, object: null });
    ui('/search?type=remote&q=%40someone%40elsewhere.example');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This object cannot be retrieved');
    expect(alert).toHaveTextContent('The other server could not be reached.');
    expect(request).toHaveBeenCalledWith('federation/fetches/', {
      method: 'POST',
      json: { object: '@someone@elsewhere.example' },
    });
  });

  it('gives the HTTP status the other server answered with', async () => {
    request.mockResolvedValue({ id: 9, status: 'errored', detail: { error_code: 'http', status_code: 410 } });
    ui('/search?type=remote&q=https%3A%2F%2Fpod.example%2Fx');
    expect(await screen.findByRole('alert')).toHaveTextContent('The other server answered with an error (HTTP 410).');
  });

  it('opens what the fetch found', async () => {
    request.mockResolvedValue({ id: 10, status: 'finished', object: { type: 'album', id: 3 } });
    ui('/search?type=remote&q=https%3A%2F%2Fpod.example%2Falbums%2F3');
    expect(await screen.findByRole('heading', { name: 'Album page' })).toBeInTheDocument();
  });

  it('subscribes to a feed, then shows its channel with a link to it', async () => {
    // Funkwhale 1.4's answer to channels/rss-subscribe/: the subscription, its channel nested.
    request.mockResolvedValue({
      approved: true,
      uuid: 's1',
      fid: 'https://pod.example/federation/follows/s1',
      creation_date: '2026-11-23T10:00:00Z',
      channel: {
        uuid: 'c9',
        artist: { id: 4, name: 'Harbour & Tides', cover: null },
        rss_url: 'https://feeds.example/a.xml',
      },
    });
    ui('/search?type=rss&q=https%3A%2F%2Ffeeds.example%2Fa.xml');
    expect(await screen.findByRole('heading', { name: 'Harbour & Tides' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are subscribed to Harbour & Tides.');
    expect(screen.getByRole('link', { name: 'Open the channel Harbour & Tides' })).toHaveAttribute(
      'href',
      '/channels/c9',
    );
    expect(request).toHaveBeenCalledWith('channels/rss-subscribe/', {
      method: 'POST',
      json: { url: 'https://feeds.example/a.xml' },
    });
  });

  it("lists the pod's own refusal of a feed, and says so when the pod has no RSS route", async () => {
    request.mockRejectedValueOnce(new ApiError(400, ['Error while fetching feed: timed out']));
    const first = ui('/search?type=rss&q=https%3A%2F%2Ffeeds.example%2Fa.xml');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This feed cannot be subscribed to');
    expect(alert).toHaveTextContent('Error while fetching feed: timed out');
    first.unmount();

    request.mockRejectedValueOnce(new ApiError(405, ['Method "POST" not allowed.']));
    ui('/search?type=rss&q=https%3A%2F%2Ffeeds.example%2Fb.xml');
    expect(await screen.findByRole('alert')).toHaveTextContent('This pod does not subscribe to RSS feeds.');
  });
});
