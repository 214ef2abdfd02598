import { streamUrl } from '@shoal/core';
import { creditLine } from '../catalogue/credits';
import type { Playlist, PlaylistEntry } from './types';
import { toXspf } from './xspf';

/** The playlist as XSPF: each track names its page on this pod (for a re-import) and its stream. */
export function playlistXspf(playlist: Playlist, entries: PlaylistEntry[], instanceUrl: string): string {
  return toXspf({
    title: playlist.name,
    annotation: playlist.description ?? null,
    tracks: entries.map(({ track }) => {
      const duration = track.uploads?.[0]?.duration;
      return {
        title: track.title,
        creator: creditLine(track) || null,
        album: track.album?.title ?? null,
        duration: typeof duration === 'number' ? duration * 1000 : null,
        location: streamUrl(track.listen_url, instanceUrl),
        identifier: new URL(`library/tracks/${track.id}`, instanceUrl).toString(),
      };
    }),
  });
}

/** Hands the text to the browser as a file download. */
export function downloadFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from a playlist name: letters, digits, spaces, dots and dashes only. */
export const xspfFileName = (name: string) => `${name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'playlist'}.xspf`;
