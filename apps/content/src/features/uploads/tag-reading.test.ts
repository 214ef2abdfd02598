import { describe, expect, it } from 'vitest';
import { hasSupportedExtension } from './extensions';
import { tagsFrom } from './tag-reading';

describe('tag reading', () => {
  it('needs a title and an artist', () => {
    expect(tagsFrom('a', { title: 'T', artist: 'A', album: 'B' })).toEqual({
      id: 'a',
      ok: true,
      metadata: { title: 'T', artist: 'A', album: 'B' },
      cover: undefined,
    });
    expect(tagsFrom('a', { title: 'T', albumartist: 'A' })).toMatchObject({
      ok: true,
      metadata: { artist: 'A', album: '' },
    });
    expect(tagsFrom('a', { title: ' ', artist: 'A' })).toEqual({ id: 'a', ok: false });
    expect(tagsFrom('a', { title: 'T' })).toEqual({ id: 'a', ok: false });
  });

  it('accepts the supported extensions only, in any case', () => {
    for (const name of ['a.flac', 'a.OGG', 'a.mp3', 'a.opus', 'a.aac', 'a.m4a', 'a.aiff', 'a.aif']) {
      expect(hasSupportedExtension(name)).toBe(true);
    }
    for (const name of ['a.txt', 'a.wav', 'mp3', 'a.mp3.exe']) expect(hasSupportedExtension(name)).toBe(false);
  });
});
