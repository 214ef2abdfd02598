import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedUpload, UploadGroup } from '../types';
import { uploadStore } from '../upload-store';
import { UploadGroupCard } from './UploadGroupCard';

const base = { progress: 0, uploading: false, metadata: { title: 'T', artist: 'A', album: 'B' } };
const item = (name: string, extra: Partial<QueuedUpload>): QueuedUpload => ({
  id: name.padEnd(21, '_'),
  file: new File(['x'], name),
  ...base,
  ...extra,
});

const group: UploadGroup = {
  guid: 'g1',
  type: 'library',
  targetLibraryGuid: 'lib',
  targetLibraryName: 'Tapes',
  uploadUrl: '/u',
  createdAt: '2026-01-01T00:00:00Z',
  queue: [
    item('done.flac', { progress: 100, guid: 's1', importedAt: '2026-01-01', importStatus: 'finished' }),
    item('dupe.flac', { progress: 100, guid: 's2', importedAt: '2026-01-01', importStatus: 'skipped' }),
    item('sending.flac', { progress: 42, uploading: true }),
    item('untagged.flac', { metadata: null, failureReason: 'missing-tags', error: 'Missing metadata' }),
    item('notes.txt', { metadata: null, rejected: true, failureReason: 'upload-failed', error: 'Bad type' }),
  ],
};

afterEach(() => {
  cleanup();
  uploadStore.setState({ groups: [] });
});

describe('an upload group on screen', () => {
  it('shows each file’s state and only the actions that apply', async () => {
    uploadStore.setState({ groups: [group] });
    render(<UploadGroupCard group={group} />);
    expect(screen.getByRole('heading', { name: 'Upload to Tapes' })).toBeInTheDocument();
    expect(screen.getByText('2 imported, 1 in progress, 2 failed, of 5')).toBeInTheDocument();
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(within(row('done.flac')).getByText('Imported')).toBeInTheDocument();
    expect(within(row('dupe.flac')).getByText('Skipped: already in one of your libraries')).toBeInTheDocument();
    expect(within(row('sending.flac')).getByText('Uploading 42%')).toBeInTheDocument();
    expect(within(row('sending.flac')).getByRole('button', { name: 'Cancel sending.flac' })).toBeInTheDocument();
    expect(within(row('untagged.flac')).getByText('Missing metadata')).toBeInTheDocument();
    expect(within(row('untagged.flac')).getByRole('button', { name: 'Retry untagged.flac' })).toBeInTheDocument();
    expect(within(row('notes.txt')).getByText('Upload failed: Bad type')).toBeInTheDocument();
    expect(within(row('notes.txt')).queryByRole('button', { name: /Retry/ })).toBeNull();

    await userEvent.setup().click(within(row('done.flac')).getByRole('button', { name: 'Remove done.flac' }));
    expect(uploadStore.getState().groups[0]?.queue.map((upload) => upload.file.name)).not.toContain('done.flac');
  });
});
