import { describe, expect, it } from 'vitest';
import { localTrackId, parseXspf, toXspf, XspfError, type XspfPlaylist } from './xspf';

const playlist: XspfPlaylist = {
  title: 'Night & Day <live>',
  annotation: 'Quotes " and \' apostrophes',
  tracks: [
    {
      title: 'Tide',
      creator: 'The Shoals',
      album: 'Low Water',
      duration: 30500,
      location: 'https://pod.example/api/v1/listen/abc/',
      identifier: 'https://pod.example/library/tracks/7',
    },
    { title: 'Ébb', creator: null, album: null, duration: null, location: null, identifier: null },
  ],
};

describe('XSPF', () => {
  it('serialises a playlist with escaped text and reads it back unchanged', () => {
    const text = toXspf(playlist);
    expect(text).toContain('<playlist version="1" xmlns="http://xspf.org/ns/0/">');
    expect(text).toContain('<title>Night &amp; Day &lt;live&gt;</title>');
    expect(text).toContain('<duration>30500</duration>');
    // Empty fields are left out, not written empty.
    expect(text).not.toContain('<creator></creator>');
    expect(parseXspf(text)).toEqual(playlist);
  });

  it('reads a file written by another program, with or without the namespace', () => {
    const text = `<?xml version="1.0"?>
      <playlist version="1">
        <title>Mix</title>
        <trackList>
          <track><title> One </title><creator>A</creator><duration>not a number</duration></track>
          <track><location>file:///music/two.ogg</location></track>
        </trackList>
      </playlist>`;
    const parsed = parseXspf(text);
    expect(parsed.title).toBe('Mix');
    expect(parsed.tracks).toHaveLength(2);
    expect(parsed.tracks[0]).toMatchObject({ title: 'One', creator: 'A', duration: null });
    expect(parsed.tracks[1]).toMatchObject({ title: null, location: 'file:///music/two.ogg' });
  });

  it('refuses what is not an XSPF playlist', () => {
    expect(() => parseXspf('not xml at all <')).toThrow(XspfError);
    expect(() => parseXspf('<html><body/></html>')).toThrow(XspfError);
    expect(() => parseXspf('<playlist version="1"><title>No list</title></playlist>')).toThrow(XspfError);
  });

  it('recognises the tracks of this pod by identifier or location, and only those', () => {
    const base = { title: null, creator: null, album: null, duration: null, location: null, identifier: null };
    const pod = 'https://pod.example/';
    expect(localTrackId({ ...base, identifier: 'https://pod.example/library/tracks/7' }, pod)).toBe(7);
    expect(localTrackId({ ...base, location: 'https://pod.example/library/tracks/12/' }, pod)).toBe(12);
    expect(localTrackId({ ...base, identifier: 'https://elsewhere.example/library/tracks/7' }, pod)).toBeNull();
    expect(localTrackId({ ...base, identifier: 'urn:isrc:123' }, pod)).toBeNull();
    expect(localTrackId(base, pod)).toBeNull();
  });
});
