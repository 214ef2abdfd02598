import { sessionStore } from '@shoal/core';
import { QueryProvider } from '@shoal/query';
import { MemoryRouter } from '@shoal/router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpFakePod } from '../../../test/fake-pod';
import type { OwnLibrary } from '../../common/types';
import type { FsImportFolder, FsImportState } from './queries';
import { ServerImportSection } from './ServerImportSection';

const libraries: OwnLibrary[] = [
  { uuid: 'lib-1', fid: 'x', name: 'Mine', privacy_level: 'me', uploads_count: 0, size: 0, creation_date: '' },
  {
    uuid: 'lib-2',
    fid: 'y',
    name: 'Shared',
    privacy_level: 'everyone',
    uploads_count: 0,
    size: 0,
    creation_date: '',
  },
] as OwnLibrary[];

const FOLDERS: Record<string, FsImportFolder['content']> = {
  '': [
    { name: 'Albums', dir: true },
    { name: 'loose.mp3', dir: false },
  ],
  Albums: [{ name: 'First', dir: true }],
  'Albums/First': [{ name: '01.flac', dir: false }],
};

let folders: Record<string, FsImportFolder['content']> = {};
let importState: FsImportState | null = null;
let refuse: { status: number; body: unknown } | null = null;

function setPermission(library: boolean) {
  sessionStore.setState({
    status: 'authenticated',
    profile: null,
    permissions: { library, settings: false, moderation: false },
  });
}

const pod = setUpFakePod(({ path, method, url }) => {
  if (path !== 'libraries/fs-import/') return undefined;
  if (refuse) return Response.json(refuse.body, { status: refuse.status });
  if (method === 'POST') {
    importState = { status: 'started', reference: 'ref-1', logs: ['Importing “Albums/First”: 1 audio file found.'] };
    return Response.json({}, { status: 201 });
  }
  if (method === 'DELETE') {
    importState = { status: 'canceled', reference: 'ref-1', logs: ['Canceled by admin.'] };
    return new Response(null, { status: 204 });
  }
  const folder = url.searchParams.get('path') ?? '';
  const content = folders[folder];
  if (!content) return Response.json({ detail: 'This folder does not exist in the music folder.' }, { status: 400 });
  return Response.json({ root: '/srv/music', path: folder, content, import: importState } satisfies FsImportFolder);
});

beforeEach(() => {
  setPermission(true);
  folders = { ...FOLDERS };
  importState = null;
  refuse = null;
});

function renderSection() {
  render(
    <QueryProvider>
      <MemoryRouter>
        <ServerImportSection libraries={libraries} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('import from a server folder', () => {
  it('is not shown without the library permission, and asks the pod nothing', () => {
    setPermission(false);
    renderSection();
    expect(screen.queryByRole('heading', { name: 'Import from a server folder' })).not.toBeInTheDocument();
    expect(pod.sent).toHaveLength(0);
  });

  it('browses folders by keyboard with breadcrumbs, then starts the import of the chosen folder', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Music folder on the pod: /srv/music')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Contents of Music folder' });
    expect(within(list).getByText('loose.mp3 (file)')).toBeInTheDocument();

    // Tab to the first folder and open it with Enter; focus lands on the new folder's first entry.
    within(list)
      .getByRole('button', { name: /Albums/ })
      .focus();
    await user.keyboard('{Enter}');
    const albums = await screen.findByRole('list', { name: 'Contents of Albums' });
    await waitFor(() => expect(within(albums).getByRole('button', { name: /Parent folder/ })).toHaveFocus());
    await user.click(within(albums).getByRole('button', { name: /First/ }));
    await screen.findByRole('list', { name: 'Contents of Albums/First' });

    const trail = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(trail).getByText('First')).toHaveAttribute('aria-current', 'location');
    expect(within(trail).getByRole('button', { name: 'Albums' })).toBeInTheDocument();
    expect(screen.getByText('Folder to import: Albums/First')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Import into'), 'lib-2');
    const reference = screen.getByLabelText('Import reference');
    expect((reference as HTMLInputElement).value).toMatch(/^server-import-\d{4}-\d{2}-\d{2}-\d{4}$/);
    await user.clear(reference);
    await user.type(reference, 'my-folder');
    await user.click(screen.getByRole('button', { name: 'Import this folder' }));

    await waitFor(() => expect(pod.sent.some((call) => call.method === 'POST')).toBe(true));
    expect(pod.sent.find((call) => call.method === 'POST')?.body).toEqual({
      path: 'Albums/First',
      library: 'lib-2',
      import_reference: 'my-folder',
    });
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Import log' })).toHaveTextContent('1 audio file found.');
    expect(screen.getByRole('button', { name: 'Import this folder' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'See the imported files' })).toHaveAttribute(
      'href',
      '/upload/all?import_reference=ref-1',
    );

    // Back to the top through the breadcrumbs.
    await user.click(within(trail).getByRole('button', { name: 'Music folder' }));
    expect(await screen.findByRole('list', { name: 'Contents of Music folder' })).toBeInTheDocument();
  });

  it('cancels a running import only after confirmation', async () => {
    importState = { status: 'started', reference: 'ref-1', logs: [] };
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Status: importing')).toBeInTheDocument();
    expect(screen.getByText('Nothing logged yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel the import' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the import?' });
    expect(pod.sent.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(pod.sent.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Status: cancelled')).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveTextContent('Canceled by admin.');
  });

  it('says in words what the pod refused', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('list', { name: 'Contents of Music folder' });
    refuse = { status: 400, body: { path: ['The path leads outside the music folder.'] } };
    await user.click(screen.getByRole('button', { name: 'Import this folder' }));
    expect(await screen.findByText(/The path leads outside the music folder\./)).toBeInTheDocument();
    expect(screen.getByText('The import could not start')).toBeInTheDocument();

    refuse = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    await user.click(screen.getByRole('button', { name: 'Import this folder' }));
    expect(
      await screen.findByText('Your account does not have the permission to import from the server folder.'),
    ).toBeInTheDocument();
  });

  it('shows a folder the pod cannot open as an error, with a way back', async () => {
    folders[''] = [{ name: 'Vanished', dir: true }];
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: /Vanished/ }));
    expect(await screen.findByText('This folder cannot be shown')).toBeInTheDocument();
    expect(screen.getByText('This folder does not exist in the music folder.')).toBeInTheDocument();
    const back = screen.getAllByRole('button', { name: 'Music folder' });
    await user.click(back[back.length - 1] as HTMLElement);
    expect(await screen.findByRole('list', { name: 'Contents of Music folder' })).toBeInTheDocument();
  });
});
