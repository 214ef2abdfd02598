import { describe, expect, it } from 'vitest';
import { objectPath, parseTarget } from './params';

describe('parseTarget', () => {
  it('reads the four kinds', () => {
    expect(parseTarget('?type=track&id=12')).toEqual({ kind: 'track', id: '12' });
    expect(parseTarget('?type=album&id=3')).toEqual({ kind: 'album', id: '3' });
    expect(parseTarget('?id=7&type=artist')).toEqual({ kind: 'artist', id: '7' });
    expect(parseTarget('?type=channel&id=0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      kind: 'channel',
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
  });

  it('refuses what would make a bad request', () => {
    for (const search of [
      '',
      '?type=track',
      '?id=1',
      '?type=playlist&id=1',
      '?type=track&id=0',
      '?type=track&id=-1',
      '?type=album&id=1.5',
      '?type=album&id=../users',
      '?type=channel&id=12',
      '?type=channel&id=news@pod.example',
    ]) {
      expect(parseTarget(search), search).toBeNull();
    }
  });
});

describe('objectPath', () => {
  it('points at the object page in Shoal', () => {
    expect(objectPath({ kind: 'album', id: '3' })).toBe('/library/albums/3');
    expect(objectPath({ kind: 'track', id: '9' })).toBe('/library/tracks/9');
    expect(objectPath({ kind: 'artist', id: '2' })).toBe('/library/artists/2');
    expect(objectPath({ kind: 'channel', id: 'abc' })).toBe('/channels/abc');
  });
});
