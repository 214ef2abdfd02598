import { apiUpload } from '@shoal/core';
import { describe, expect, it, vi } from 'vitest';
import type { UploadGroup } from './types';
import { sendUpload } from './upload-api';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiUpload: vi.fn(async () => ({ guid: 'server-guid' })),
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
