import { instanceStore, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter } from '@shoal/router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogueMenu } from './CatalogueMenu';
import { DetailMenu } from './DetailMenu';
import { defaultEmbedSize, embedSnippet } from './embed';

afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
  vi.unstubAllGlobals();
});

function signInAs(username: string, permissions: { library?: boolean; settings?: boolean; moderation?: boolean }) {
  setProfile({ id: 1, username, full_username: `${username}@pod.example`, permissions });
}

function renderMenu(props: Partial<Parameters<typeof DetailMenu>[0]> = {}) {
  return render(
    <QueryProvider>
      <MemoryRouter>
        <DetailMenu kind="album" id={3} name="Low Water" path="/library/albums/3" isLocal {...props} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  return user;
}

describe('DetailMenu', () => {
  it('shows anonymous visitors only the embed entry', async () => {
    markAnonymous();
    renderMenu();
    await openMenu();
    expect(screen.getByRole('button', { name: 'Embed' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Edit|Suggest/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets a listener suggest and a library manager edit, on local objects only', async () => {
    signInAs('listener', {});
    const { unmount } = renderMenu();
    await openMenu();
    expect(screen.getByRole('link', { name: 'Suggest an edit' })).toHaveAttribute('href', '/library/albums/3/edit');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    unmount();

    signInAs('admin', { library: true });
    const second = renderMenu();
    await openMenu();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/library/albums/3/edit');
    expect(screen.queryByRole('link', { name: 'Suggest an edit' })).toBeNull();
    second.unmount();

    renderMenu({ isLocal: false });
    await openMenu();
    expect(screen.queryByRole('link', { name: /Edit|Suggest/ })).toBeNull();
  });

  it('moves with the arrows and closes with Escape back on its button', async () => {
    signInAs('listener', {});
    renderMenu();
    const user = await openMenu();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Suggest an edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Embed' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Suggest an edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Actions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when the focus or a press leaves it', async () => {
    signInAs('listener', {});
    render(
      <MemoryRouter>
        <DetailMenu kind="album" id={3} name="Low Water" path="/library/albums/3" isLocal />
        <button type="button">Elsewhere</button>
      </MemoryRouter>,
    );
    const user = await openMenu();
    const toggle = screen.getByRole('button', { name: 'Actions' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the embed wizard in a modal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ metadata: { library: { anonymousCanListen: true } } }))),
    );
    instanceStore.setState({ url: 'https://pod.example/' });
    renderMenu();
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const dialog = screen.getByRole('dialog', { name: 'Embed this album' });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByLabelText('Embed code')).toHaveValue(
      embedSnippet(window.location.origin, 'album', 3, defaultEmbedSize('album'), 'Shoal player: Low Water'),
    );
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    signInAs('owner', {});
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    instanceStore.setState({ url: 'https://pod.example/' });
    renderMenu({ canDelete: true, deleteUrl: 'albums/3/' });
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this album?' });
    expect(dialog).toHaveTextContent('Low Water');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialogs = screen.getAllByRole('button', { name: 'Delete' });
    await user.click(dialogs[dialogs.length - 1] as HTMLElement);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/albums\/3\/$/);
    expect(init.method).toBe('DELETE');
  });
});

describe('CatalogueMenu', () => {
  it('offers delete only to the account the album is attributed to, never on artists', async () => {
    signInAs('owner', {});
    const { unmount } = render(
      <MemoryRouter>
        <CatalogueMenu
          kind="album"
          name="A"
          object={{ id: 1, is_local: true, attributed_to: { full_username: 'owner@pod.example' } }}
        />
      </MemoryRouter>,
    );
    await openMenu();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    unmount();
    render(
      <MemoryRouter>
        <CatalogueMenu
          kind="album"
          name="A"
          object={{ id: 1, is_local: true, attributed_to: { full_username: 'else@pod.example' } }}
        />
      </MemoryRouter>,
    );
    await openMenu();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
