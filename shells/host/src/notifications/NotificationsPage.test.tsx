import { instanceStore, markAnonymous, publishLiveEvent, setProfile } from '@shoal/core';
import { MemoryRouter } from '@shoal/router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationsPage from './NotificationsPage';

interface Item {
  id: number;
  is_read: boolean;
  activity: Record<string, unknown>;
}

let items: Item[] = [];
const posts: string[] = [];

const followItem = (id: number, approved: boolean | null): Item => ({
  id,
  is_read: false,
  activity: {
    type: 'Follow',
    creation_date: '2026-01-01T10:00:00Z',
    actor: { full_username: `fan${id}@pod.example`, preferred_username: `fan${id}`, is_local: false },
    object: { type: 'music.Library', name: 'Private tapes', uuid: 'lib' },
    related_object: { type: 'federation.LibraryFollow', uuid: `follow-${id}`, approved },
  },
});

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  setProfile({ id: 1, username: 'admin', full_username: 'admin@pod.example', permissions: {} });
  posts.length = 0;
  items = [followItem(1, null), followItem(2, true)];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/v1/federation/inbox/') {
      const unreadOnly = url.searchParams.get('is_read') === 'false';
      const results = items.filter((item) => !unreadOnly || !item.is_read);
      return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results }));
    }
    const follow = url.pathname.match(/^\/api\/v1\/federation\/follows\/library\/(follow-\d+)\/(accept|reject)\/$/);
    if (method === 'POST' && follow) {
      posts.push(`${follow[2]} ${follow[1]}`);
      for (const item of items) {
        const related = item.activity.related_object as { uuid: string; approved: boolean | null };
        if (related.uuid === follow[1]) related.approved = follow[2] === 'accept';
      }
      return new Response(null, { status: 204 });
    }
    const read = url.pathname.match(/^\/api\/v1\/federation\/inbox\/(\d+)\/$/);
    if (method === 'PATCH' && read) {
      const item = items.find((entry) => entry.id === Number(read[1]));
      if (item) item.is_read = JSON.parse(String(init?.body)).is_read;
      return new Response(JSON.stringify(item));
    }
    return new Response('{"detail":"Not found."}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markAnonymous();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <NotificationsPage />
    </MemoryRouter>,
  );

/** An item's sentence, read across the actor link inside it. */
const sentence = (pattern: RegExp) =>
  screen.findByText((_, element) => element?.tagName === 'P' && pattern.test(element.textContent ?? ''));

describe('NotificationsPage', () => {
  it('approves a pending follow', async () => {
    const user = userEvent.setup();
    renderPage();
    const pending = (await sentence(/fan1 wants to follow your library Private tapes/)).closest('li');
    expect(pending).not.toBeNull();
    const row = within(pending as HTMLElement);
    await user.click(row.getByRole('button', { name: 'Approve' }));
    expect(posts).toEqual(['accept follow-1']);
    expect(await sentence(/fan1 follows your library Private tapes/)).toBeInTheDocument();
  });

  it('rejects a pending follow only after confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const pending = (await sentence(/fan1 wants to follow/)).closest('li') as HTMLElement;
    await user.click(within(pending).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this follow request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);
    await user.click(within(pending).getByRole('button', { name: 'Reject' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(posts).toEqual(['reject follow-1']);
    expect(await screen.findAllByText('Rejected')).not.toHaveLength(0);
  });

  it("shows the actor as a user link: name, full username as title, the actor's page", async () => {
    renderPage();
    const pending = (await sentence(/fan1 wants to follow/)).closest('li') as HTMLElement;
    const link = within(pending).getByRole('link', { name: 'fan1' });
    expect(link).toHaveAttribute('title', 'fan1@pod.example');
    expect(link).toHaveAttribute('href', '/@fan1@pod.example');
  });

  it('adds a notification that arrives live', async () => {
    renderPage();
    await sentence(/fan2 follows your library/);
    items.push(followItem(3, null));
    act(() => publishLiveEvent({ type: 'inbox.item_added', item: {} }));
    expect(await sentence(/fan3 wants to follow your library/)).toBeInTheDocument();
  });

  it('marks an item read, which leaves the unread list', async () => {
    const user = userEvent.setup();
    renderPage();
    await sentence(/fan2 follows your library/);
    await user.click(screen.getByRole('button', { name: /^Mark as read: fan2/ }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'fan2' })).not.toBeInTheDocument());
    await user.click(screen.getByLabelText('Show read notifications'));
    expect(await screen.findByRole('button', { name: /^Mark as unread: fan2/ })).toBeInTheDocument();
  });
});
