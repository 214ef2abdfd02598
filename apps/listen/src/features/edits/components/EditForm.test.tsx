import { instanceStore, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../catalogue/types';
import type { Mutation } from '../types';
import { EditForm } from './EditForm';
import { EditList } from './EditList';

const track: Track = {
  id: 3,
  title: 'Tide',
  listen_url: '/x',
  position: 2,
  copyright: '2021 Shoal',
  license: 'cc-by-4.0',
  tags: ['ambient'],
  is_local: true,
};

function mutation(uuid: string, is_approved: boolean | null, is_applied = false): Mutation {
  return {
    uuid,
    type: 'update',
    creation_date: '2026-01-01T00:00:00Z',
    is_approved,
    is_applied,
    created_by: { full_username: 'listener@pod.example' },
    summary: `summary ${uuid}`,
    payload: { title: `Title ${uuid}` },
    previous_state: { title: { value: 'Tide' } },
  };
}

type Handler = (url: string, init: RequestInit) => unknown;
let handler: Handler;
const calls: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = handler(url, init);
      return new Response(body === undefined ? null : JSON.stringify(body), { status: body === undefined ? 204 : 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
  vi.unstubAllGlobals();
});

function renderForm(apply: boolean) {
  return render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/library/tracks/3/edit']}>
        <Routes>
          <Route
            path="/library/tracks/3/edit"
            element={<EditForm kind="track" object={track} apply={apply} basePath="/library/tracks/3/edit" />}
          />
          <Route path="/library/tracks/3/edit/:editId" element={<p>edit page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('EditForm', () => {
  beforeEach(() => {
    handler = (url) =>
      url.includes('licenses')
        ? { count: 1, next: null, previous: null, results: [{ code: 'cc-by-4.0', name: 'CC BY 4.0' }] }
        : mutation('new', null);
  });

  it('sends a suggestion with only the changed fields', async () => {
    const user = userEvent.setup();
    setProfile({ id: 2, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
    renderForm(false);
    await user.clear(screen.getByLabelText('Copyright'));
    await user.type(screen.getByLabelText('Copyright'), '2026 New');
    await user.type(screen.getByLabelText('Summary'), 'why');
    await user.click(screen.getByRole('button', { name: 'Submit suggestion' }));
    await screen.findByText('edit page');
    const post = calls.find((call) => call.init.method === 'POST');
    expect(post?.url).toBe('https://pod.example/api/v1/tracks/3/mutations/');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      type: 'update',
      payload: { copyright: '2026 New' },
      summary: 'why',
    });
  });

  it('applies an edit at once with the library permission, tags from the pill editor', async () => {
    const user = userEvent.setup();
    setProfile({ id: 1, username: 'admin', full_username: 'admin@pod.example', permissions: { library: true } });
    renderForm(true);
    await user.type(screen.getByLabelText('Add a tag'), 'calm{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit and apply edit' }));
    await screen.findByText('edit page');
    const post = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      type: 'update',
      payload: { tags: ['ambient', 'calm'] },
      is_approved: true,
    });
  });

  it('says so when nothing changed, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm(false);
    await user.click(screen.getByRole('button', { name: 'Submit suggestion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Change at least one field first.');
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
  });
});

describe('EditList', () => {
  it('filters all / unreviewed and lets a reviewer approve', async () => {
    const user = userEvent.setup();
    setProfile({ id: 1, username: 'admin', full_username: 'admin@pod.example', permissions: { library: true } });
    handler = (url) =>
      url.includes('/approve/')
        ? {}
        : {
            count: 2,
            next: null,
            previous: null,
            results: [mutation('aaaa1111', null), mutation('bbbb2222', true, true)],
          };
    render(
      <QueryProvider>
        <MemoryRouter>
          <EditList kind="track" objectId="3" basePath="/library/tracks/3/edit" />
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(await screen.findByText('summary aaaa1111')).toBeInTheDocument();
    expect(screen.getByText('summary bbbb2222')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Unreviewed');
    expect(screen.queryByText('summary bbbb2222')).toBeNull();
    const pending = screen.getByRole('article', { name: 'Edit aaaa1111' });
    expect(pending).toHaveTextContent('Pending review');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.endsWith('/mutations/aaaa1111/approve/') && call.init.method === 'POST'),
      ).toBe(true),
    );
  });

  it('shows no review buttons to the author, only delete before it applies', async () => {
    setProfile({ id: 2, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
    handler = () => ({ count: 1, next: null, previous: null, results: [mutation('cccc3333', null)] });
    render(
      <QueryProvider>
        <MemoryRouter>
          <EditList kind="track" objectId="3" basePath="/library/tracks/3/edit" />
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(await screen.findByText('summary cccc3333')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
