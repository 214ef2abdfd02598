import { apiRequest } from '@shoal/core';
import type { Playlist } from '../types';
import { parseXspf } from '../xspf';
import { addTracks } from './playlists';
import { resolveXspf } from './resolve-xspf';

/** The most a playlist name holds (the pod's field limit). */
const NAME_MAX_LENGTH = 50;

export interface ImportedPlaylist {
  playlist: Playlist;
  added: number;
  missing: number;
}

/**
 * Creates a playlist from an XSPF file: named after its title (or the file name), visible to the pod,
 * holding the tracks of the file this pod has. Throws `XspfError` when the file is not XSPF.
 */
export async function importXspfPlaylist(
  file: { name: string; text: string },
  instanceUrl: string,
): Promise<ImportedPlaylist> {
  const parsed = parseXspf(file.text);
  const { trackIds, missing } = await resolveXspf(parsed, instanceUrl);
  const fallback = file.name.replace(/\.xspf$/i, '') || file.name;
  const name = (parsed.title?.trim() || fallback).slice(0, NAME_MAX_LENGTH);
  const playlist = await apiRequest<Playlist>('playlists/', {
    method: 'POST',
    json: { name, privacy_level: 'instance', description: parsed.annotation },
  });
  if (trackIds.length) await addTracks(playlist.id, trackIds, true);
  return { playlist, added: trackIds.length, missing };
}
