import { apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChannelDetailPage from './ChannelDetailPage';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const UUID = '9383a90d-a46e-4056-b80b-9e7a9908c6d2';

// Shapes of Funkwhale 1.4's Channel, Track and paginated answers.
const channel = {
  uuid: UUID,
  artist: { id: 5, name: 'Shoal Weekly', content_category: 'podcast', description: { text: 'A weekly show.' } },
  actor: { full_username: 'shoalweekly@pod.example', preferred_username: 'shoalweekly', domain: 'pod.example' },
  attributed_to: { full_username: 'admin@pod.example' },
  rss_url: `https://pod.example/api/v1/channels/${UUID}/rss`,
  url: `https://pod.example/channels/${UUID}`,
  downloads_count: 0,
};
const episode = (n: number) => ({ id: 40 + n, title: `Episode ${n}`, listen_url: `/listen/${n}`, uploads: [] });

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
  request.mockImplementation(async (path, options) => {
    if (path === `channels/${UUID}/`) return channel;
    if (path === 'tracks/') {
      const size = Number(options?.query?.page_size);
      const results = [3, 2, 1].map(episode).slice(0, size);
      return { count: 3, next: null, previous: null, results };
    }
    if (path === 'albums/') return { count: 0, next: null, previous: null, results: [] };
    if (path === 'subscriptions/all/') return { results: [] };
    if (path === 'favorites/tracks/all/') return { results: [] };
    if (path === 'moderation/content-filters/') return { count: 0, next: null, previous: null, results: [] };
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
});

const ui = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path="channels/:id/*" element={<ChannelDetailPage />} />
        </Routes>
      </QueryProvider>
    </MemoryRouter>,
  );

describe('ChannelDetailPage', () => {
  it('shows the channel, how to subscribe from the fediverse, an app or RSS, and its latest episodes', async () => {
    ui(`/channels/${UUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shoal Weekly' })).toBeInTheDocument();
    expect(screen.getByLabelText(/From the fediverse/)).toHaveValue('@shoalweekly@pod.example');
    expect(screen.getByLabelText(/In a podcast app/)).toHaveValue(channel.rss_url);
    expect(screen.getByRole('link', { name: 'Open the RSS feed' })).toHaveAttribute('href', channel.rss_url);
    const latest = await screen.findByRole('table', { name: 'Latest episodes' });
    expect(
      within(latest)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Episode 3', 'Episode 2', 'Episode 1']);
    expect(request).toHaveBeenCalledWith(
      'tracks/',
      expect.objectContaining({ query: expect.objectContaining({ channel: UUID }) }),
    );
    expect(screen.getByText('No series yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('lists the episodes on their own tab, reached by its link', async () => {
    ui(`/channels/${UUID}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Episodes' }));
    const table = await screen.findByRole('table', { name: 'Episodes' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('3 results');
  });

  it('refuses unknown children', async () => {
    ui(`/channels/${UUID}/nothing`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
