import { apiRequest, apiUpload } from '@shoal/core';
import { describe, expect, it, vi } from 'vitest';
import type { UploadGroup } from './types';
import { findSentUpload, sendUpload } from './upload-api';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiUpload: vi.fn(async () => ({ guid: 'server-guid' })),
  apiRequest: vi.fn(),
}));

const group = (type: UploadGroup['type']): UploadGroup => ({
  guid: 'g',
  type,
  targetLibraryGuid: 'target-uuid',
  targetLibraryName: 'Target',
  uploadUrl: '/api/v2/upload-groups/g/uploads',
  createdAt: '2026-01-01T00:00:00Z',
  queue: [],
});

describe('sending one upload', () => {
  it.each(['library', 'channel'] as const)('names the %s as the target', async (type) => {
    const file = new File(['x'], 'a.flac');
    const upload = {
      id: 'x'.repeat(21),
      file,
      progress: 0,
      uploading: false,
      metadata: { title: 'A', artist: 'B', album: 'C' },
    };
    expect(await sendUpload(group(type), upload, () => {}, new AbortController().signal)).toBe('server-guid');
    const form = vi.mocked(apiUpload).mock.lastCall?.[1] as FormData;
    expect(JSON.parse(String(form.get('target')))).toEqual({ [type]: 'target-uuid' });
    expect(JSON.parse(String(form.get('metadata')))).toEqual({
      title: 'A',
      album: { name: 'C' },
      artist: { name: 'B' },
    });
    expect((form.get('audioFile') as File).name).toBe('a.flac');
  });
});

describe('finding a copy the pod already holds', () => {
  it('matches the group, the file name and size, and skips copies other files of the group hold', async () => {
    const file = new File(['12345'], 'a.flac');
    const upload = { id: 'y'.repeat(21), file, progress: 0, uploading: false, metadata: null };
    vi.mocked(apiRequest).mockResolvedValueOnce({
      results: [
        { uuid: 'other-size', filename: 'a.flac', size: 99 },
        { uuid: 'taken', filename: 'a.flac', size: 5 },
        { uuid: 'other-name', filename: 'b.flac', size: 5 },
        { uuid: 'held', filename: 'a.flac', size: 5 },
      ],
    });
    const taken = { ...upload, id: 'z'.repeat(21), guid: 'taken' };
    expect(await findSentUpload({ ...group('library'), queue: [taken, upload] }, upload)).toBe('held');
    expect(vi.mocked(apiRequest)).toHaveBeenLastCalledWith('uploads/', {
      query: { import_reference: 'g', page_size: 100 },
    });
    vi.mocked(apiRequest).mockResolvedValueOnce({ results: [] });
    expect(await findSentUpload(group('library'), upload)).toBeNull();
  });
});
