import { describe, expect, it } from 'vitest';
import type { Track } from '../catalogue/types';
import { isHidden, withoutHiddenTracks } from './queries';

const artist = (id: number, name = `Artist ${id}`) => ({ id, name });

const track = (id: number, artists: number[], albumArtist?: number): Track => ({
  id,
  title: `Track ${id}`,
  listen_url: `/listen/${id}`,
  artist_credit: artists.map((a) => ({ credit: `Artist ${a}`, joinphrase: ', ', artist: artist(a) })),
  album:
    albumArtist === undefined
      ? null
      : { id: 100 + id, title: 'Album', artist_credit: [{ credit: 'x', artist: artist(albumArtist) }] },
});

describe('content filters', () => {
  it('hides an object when any credited artist is hidden, with or without credits', () => {
    const hidden = new Set([2]);
    expect(
      isHidden(
        {
          artist_credit: [
            { credit: 'A', artist: artist(1) },
            { credit: 'B', artist: artist(2) },
          ],
        },
        hidden,
      ),
    ).toBe(true);
    expect(isHidden({ artist: artist(2) }, hidden)).toBe(true);
    expect(isHidden({ artist: artist(3) }, hidden)).toBe(false);
    expect(isHidden({}, hidden)).toBe(false);
  });

  it("drops tracks of hidden artists, including those on a hidden artist's album", () => {
    const tracks = [track(1, [1]), track(2, [2]), track(3, [1], 2), track(4, [3], 1)];
    expect(withoutHiddenTracks(tracks, new Set([2])).map((t) => t.id)).toEqual([1, 4]);
    expect(withoutHiddenTracks(tracks, new Set())).toBe(tracks);
  });
});
