import { apiRequest } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter } from '@shoal/router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYLIST_WIDGET_STEP, PlaylistWidget } from './PlaylistWidget';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

/** A pod holding `total` playlists, answering `playlists/` pages as Funkwhale 1.4 does. */
function podWith(total: number) {
  request.mockImplementation(async (_path, options) => {
    const query = (options?.query ?? {}) as Record<string, number>;
    const size = Number(query.page_size);
    const results = Array.from({ length: Math.min(size, total) }, (_, i) => ({
      id: i + 1,
      name: `Mix ${i + 1}`,
      tracks_count: i,
      album_covers: [],
      user: { username: 'admin' },
    }));
    return { count: total, next: total > size ? 'next' : null, previous: null, results };
  });
}

const ui = () =>
  render(
    <MemoryRouter>
      <QueryProvider>
        <PlaylistWidget
          filters={{ scope: 'actor:admin@pod.example' }}
          failedTitle="No playlists"
          emptyText="Nothing here"
          viewAll="/library/playlists"
        />
      </QueryProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  queryClient.clear();
  request.mockReset();
});

describe('PlaylistWidget', () => {
  it('shows a few cards and grows by "Show more" until it sends to the full list', async () => {
    podWith(30);
    ui();
    const list = await screen.findByRole('list');
    expect(await within(list).findAllByRole('link')).toHaveLength(PLAYLIST_WIDGET_STEP);
    expect(request).toHaveBeenLastCalledWith(
      'playlists/',
      expect.objectContaining({
        query: expect.objectContaining({ scope: 'actor:admin@pod.example', ordering: '-modification_date' }),
      }),
    );
    const user = userEvent.setup();
    for (let shown = PLAYLIST_WIDGET_STEP; shown < PLAYLIST_WIDGET_STEP * 4; shown += PLAYLIST_WIDGET_STEP) {
      await user.click(screen.getByRole('button', { name: 'Show more playlists' }));
      expect(await within(screen.getByRole('list')).findAllByRole('link')).toHaveLength(shown + PLAYLIST_WIDGET_STEP);
    }
    expect(screen.queryByRole('button', { name: 'Show more playlists' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all 30 playlists' })).toHaveAttribute('href', '/library/playlists');
  });

  it('offers no more when everything is shown, and says when there is nothing', async () => {
    podWith(2);
    const { unmount } = ui();
    expect(await screen.findAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more playlists' })).toBeNull();
    unmount();
    queryClient.clear();

    podWith(0);
    ui();
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
  });
});
