import { apiRequest } from '@shoal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XspfError } from '../xspf';
import { importXspfPlaylist } from './import-xspf';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const POD = 'https://pod.example/';

const xspf = (title: string | null, identifiers: string[]) => ({
  name: 'road trip.xspf',
  text: `<?xml version="1.0" encoding="UTF-8"?><playlist version="1" xmlns="http://xspf.org/ns/0/">${
    title === null ? '' : `<title>${title}</title>`
  }<trackList>${identifiers.map((id) => `<track><identifier>${id}</identifier></track>`).join('')}</trackList></playlist>`,
});

afterEach(() => request.mockReset());

describe('importXspfPlaylist', () => {
  it("creates a playlist named after the file's title and adds this pod's tracks in order", async () => {
    request.mockImplementation(async (path) => (path === 'playlists/' ? { id: 9, name: 'Summer' } : {}));
    const result = await importXspfPlaylist(xspf('Summer', [`${POD}library/tracks/3`, `${POD}library/tracks/1`]), POD);
    expect(result).toMatchObject({ playlist: { id: 9 }, added: 2, missing: 0 });
    expect(request).toHaveBeenCalledWith(
      'playlists/',
      expect.objectContaining({ method: 'POST', json: expect.objectContaining({ name: 'Summer' }) }),
    );
    expect(request).toHaveBeenCalledWith(
      'playlists/9/add/',
      expect.objectContaining({ json: { tracks: [3, 1], allow_duplicates: true } }),
    );
  });

  it('falls back on the file name, keeps to the 50-character limit and adds nothing when nothing matched', async () => {
    request.mockImplementation(async () => ({ id: 10, name: 'road trip' }));
    await importXspfPlaylist(xspf(null, []), POD);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[1]).toMatchObject({ json: { name: 'road trip' } });

    request.mockClear();
    await importXspfPlaylist(xspf('x'.repeat(80), []), POD);
    expect(request.mock.calls[0]?.[1]).toMatchObject({ json: { name: 'x'.repeat(50) } });
  });

  it('refuses a file that is not XSPF before calling the pod', async () => {
    await expect(importXspfPlaylist({ name: 'notes.xspf', text: 'hello' }, POD)).rejects.toBeInstanceOf(XspfError);
    expect(request).not.toHaveBeenCalled();
  });
});
