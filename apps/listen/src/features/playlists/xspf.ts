/** XSPF (XML Shareable Playlist Format, https://xspf.org/spec) reading and writing for playlists. */

export interface XspfTrack {
  title: string | null;
  creator: string | null;
  album: string | null;
  /** Milliseconds. */
  duration: number | null;
  location: string | null;
  identifier: string | null;
}

export interface XspfPlaylist {
  title: string | null;
  annotation: string | null;
  tracks: XspfTrack[];
}

export class XspfError extends Error {
  constructor(message = 'Not a valid XSPF playlist') {
    super(message);
    this.name = 'XspfError';
  }
}

const NAMESPACE = 'http://xspf.org/ns/0/';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

function element(name: string, value: string | number | null | undefined, indent: string): string {
  if (value === null || value === undefined || value === '') return '';
  return `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;
}

/** Serialises a playlist; fields without a value are left out, as the format allows. */
export function toXspf(playlist: XspfPlaylist): string {
  const tracks = playlist.tracks
    .map((track) => {
      const inner =
        element('location', track.location, '      ') +
        element('identifier', track.identifier, '      ') +
        element('title', track.title, '      ') +
        element('creator', track.creator, '      ') +
        element('album', track.album, '      ') +
        element('duration', track.duration === null ? null : Math.round(track.duration), '      ');
      return `    <track>\n${inner}    </track>\n`;
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<playlist version="1" xmlns="${NAMESPACE}">\n` +
    element('title', playlist.title, '  ') +
    element('annotation', playlist.annotation, '  ') +
    `  <trackList>\n${tracks}  </trackList>\n` +
    '</playlist>\n'
  );
}

function childText(parent: Element, name: string): string | null {
  for (const child of Array.from(parent.children)) {
    if (child.localName === name) {
      const text = child.textContent?.trim() ?? '';
      return text === '' ? null : text;
    }
  }
  return null;
}

function child(parent: Element, name: string): Element | null {
  return Array.from(parent.children).find((item) => item.localName === name) ?? null;
}

/** Reads an XSPF document; throws XspfError when it is not one (bad XML, wrong root, no track list). */
export function parseXspf(text: string): XspfPlaylist {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const root = document.documentElement;
  if (!root || document.getElementsByTagName('parsererror').length > 0) throw new XspfError('The file is not XML');
  if (root.localName !== 'playlist') throw new XspfError('The file is not an XSPF playlist');
  const trackList = child(root, 'trackList');
  if (!trackList) throw new XspfError('The playlist has no track list');
  const tracks = Array.from(trackList.children)
    .filter((item) => item.localName === 'track')
    .map((track) => {
      const duration = Number(childText(track, 'duration'));
      return {
        title: childText(track, 'title'),
        creator: childText(track, 'creator'),
        album: childText(track, 'album'),
        duration: Number.isFinite(duration) && duration > 0 ? duration : null,
        location: childText(track, 'location'),
        identifier: childText(track, 'identifier'),
      };
    });
  return { title: childText(root, 'title'), annotation: childText(root, 'annotation'), tracks };
}

/** The id of a track of this pod named by an XSPF identifier or location (`…/library/tracks/12`). */
export function localTrackId(track: XspfTrack, instanceUrl: string): number | null {
  const origin = new URL(instanceUrl).origin;
  for (const value of [track.identifier, track.location]) {
    if (!value) continue;
    try {
      const url = new URL(value, instanceUrl);
      const match = /\/library\/tracks\/(\d+)\/?$/.exec(url.pathname);
      if (url.origin === origin && match?.[1]) return Number(match[1]);
    } catch {
      // Not a URL: try the next field.
    }
  }
  return null;
}
