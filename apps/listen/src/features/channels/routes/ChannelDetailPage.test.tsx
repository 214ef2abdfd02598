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

  it('offers no fediverse handle for a podcast subscribed to by its RSS feed', async () => {
    const external = {
      ...channel,
      actor: {
        full_username: `${UUID}@feeds.example`,
        preferred_username: UUID,
        domain: 'feeds.example',
        is_local: false,
      },
      attributed_to: { full_username: 'service@pod.example' },
      rss_url: 'https://feeds.example/show.xml',
    };
    request.mockImplementation(async (path) => {
      if (path === `channels/${UUID}/`) return external;
      if (path === 'subscriptions/all/' || path === 'favorites/tracks/all/') return { results: [] };
      return { count: 0, next: null, previous: null, results: [] };
    });
    ui(`/channels/${UUID}`);
    expect(await screen.findByLabelText('In a podcast app, add this feed')).toHaveValue(
      'https://feeds.example/show.xml',
    );
    expect(screen.queryByLabelText('From the fediverse (Mastodon and others), follow')).toBeNull();
  });

  it('refuses unknown children', async () => {
    ui(`/channels/${UUID}/nothing`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers a listener the embed code and the More links, but neither delete nor edit', async () => {
    const user = userEvent.setup();
    ui(`/channels/${UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit|Suggest/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this channel' });
    expect(((await within(dialog).findByLabelText('Embed code')) as HTMLTextAreaElement).value).toContain(
      `/embed?type=channel&id=${UUID}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('link', { name: 'Search on Wikipedia' })).toHaveAttribute(
      'href',
      'https://en.wikipedia.org/w/index.php?search=Shoal%20Weekly',
    );
    expect(screen.queryByRole('link', { name: /admin site|moderation interface|MusicBrainz/ })).toBeNull();
  });

  it('lets the owner delete the channel after confirming, and gives staff their links', async () => {
    setProfile({
      id: 1,
      username: 'admin',
      full_username: 'admin@pod.example',
      permissions: { settings: true, library: true, moderation: true },
    });
    const user = userEvent.setup();
    ui(`/channels/${UUID}`);
    await user.click(await screen.findByRole('button', { name: 'More' }));
    expect(screen.getByRole('link', { name: 'Open in the admin site' })).toHaveAttribute(
      'href',
      `/api/admin/audio/channel/?uuid=${UUID}`,
    );
    expect(screen.getByRole('link', { name: 'Open in the moderation interface' })).toHaveAttribute(
      'href',
      '/manage/library/channels/shoalweekly@pod.example',
    );

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    // The owner's edit form lives in the content app.
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/content/channels/${UUID}/edit`);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this channel?' });
    expect(dialog).toHaveTextContent('This deletes the channel "Shoal Weekly" and all its episodes.');
    expect(request).not.toHaveBeenCalledWith(`channels/${UUID}/`, expect.objectContaining({ method: 'DELETE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(request).toHaveBeenCalledWith(`channels/${UUID}/`, { method: 'DELETE' });
  });
});
