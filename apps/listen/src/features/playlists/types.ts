import type { Track } from '../catalogue/types';

export type PlaylistVisibility = 'me' | 'instance' | 'everyone';
export const VISIBILITIES: readonly PlaylistVisibility[] = ['me', 'instance', 'everyone'];

export interface Playlist {
  id: number;
  name: string;
  user: { id: number; username: string };
  creation_date: string;
  modification_date: string;
  privacy_level: PlaylistVisibility;
  description?: string | null;
  tracks_count: number;
  album_covers: string[];
  duration: number | null;
  is_playable: boolean;
}

/** One entry of `playlists/{id}/tracks/`. */
export interface PlaylistEntry {
  track: Track;
  index: number;
  creation_date: string;
}

export interface PlaylistInput {
  name: string;
  privacy_level: PlaylistVisibility;
  description: string | null;
}

/** `playlists/{id}/add/` refuses tracks already in the playlist with this code, unless duplicates are allowed. */
export const DUPLICATE_CODE = 'tracks_already_exist_in_playlist';
