import { instanceStore, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EditPage from './EditPage';

let album: Record<string, unknown>;

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('mutations') ? { count: 0, next: null, previous: null, results: [] } : album;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/library/albums/5/edit']}>
        <Routes>
          <Route path="/library/albums/:id/edit" element={<EditPage kind="album" />} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('EditPage', () => {
  it('refuses to edit a remote (federated) object', async () => {
    setProfile({ id: 1, username: 'admin', full_username: 'admin@pod.example', permissions: { library: true } });
    album = { id: 5, title: 'Far Away', is_local: false };
    renderPage();
    expect(
      await screen.findByText('This object comes from another pod and cannot be edited here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('titles the page as a suggestion for users without the library permission', async () => {
    setProfile({ id: 2, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
    album = { id: 5, title: 'Near', is_local: true };
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggest an edit to Near' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit suggestion' })).toBeInTheDocument();
    expect(await screen.findByText('No edit yet.')).toBeInTheDocument();
  });
});
