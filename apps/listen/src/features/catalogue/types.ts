/**
 * The slices of the pod's catalogue shapes (Funkwhale 1.4 serializers) this app reads. Kept narrow
 * on purpose: a field the screens do not show is not typed here.
 */
export interface Cover {
  urls?: {
    small_square_crop?: string | null;
    medium_square_crop?: string | null;
    large_square_crop?: string | null;
    original?: string | null;
  };
}

/** Rich text as the pod returns it (product.md §3, Rich-text content). */
export interface RichText {
  text?: string | null;
  html?: string | null;
  content_type?: string;
}

export interface ArtistRef {
  id: number;
  name: string;
  cover?: Cover | null;
}

export interface ArtistCredit {
  credit: string;
  joinphrase?: string;
  artist: ArtistRef;
}

export interface AlbumSummary {
  id: number;
  title: string;
  artist?: ArtistRef | null;
  artist_credit?: ArtistCredit[];
  cover?: Cover | null;
  tracks_count?: number;
  release_date?: string | null;
  creation_date?: string;
  duration?: number | null;
  tags?: string[];
  description?: RichText | null;
  fid?: string;
  is_local?: boolean;
  mbid?: string | null;
}

export interface Upload {
  uuid: string;
  listen_url: string;
  mimetype: string;
  bitrate?: number | null;
  duration?: number | null;
  size?: number | null;
  extension?: string | null;
}

export interface Track {
  id: number;
  title: string;
  listen_url: string;
  position?: number | null;
  disc_number?: number | null;
  artist?: ArtistRef | null;
  artist_credit?: ArtistCredit[];
  album?: (AlbumSummary & { release_date?: string | null }) | null;
  cover?: Cover | null;
  uploads?: Upload[];
  tags?: string[];
  copyright?: string | null;
  license?: string | null;
  downloads_count?: number | null;
  fid?: string;
  is_local?: boolean;
  is_playable?: boolean;
  description?: RichText | null;
  mbid?: string | null;
}

export interface Artist {
  id: number;
  name: string;
  cover?: Cover | null;
  tags?: string[];
  tracks_count?: number;
  albums?: { id: number; title: string; cover?: Cover | null; tracks_count?: number }[];
  content_category?: 'music' | 'podcast' | 'other' | string;
  description?: RichText | null;
  fid?: string;
  is_local?: boolean;
  mbid?: string | null;
  /** Set when the artist is a channel's (podcasts, v2 channels). */
  channel?: { uuid: string } | null;
}

export interface Tag {
  name: string;
  creation_date?: string;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
