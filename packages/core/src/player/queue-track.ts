/** One playable file of a track, in the order the player should try them (product.md §3, Queued track). */
export interface TrackSource {
  url: string;
  mimetype: string;
  bitrate: number | null;
  duration: number | null;
}

/** A track as the queue holds it: flattened, so the player never needs the catalogue again. */
export interface QueueTrack {
  id: number;
  title: string;
  artistCredit: string;
  albumTitle: string | null;
  position: number | null;
  artistId: number | null;
  albumId: number | null;
  coverUrl: string | null;
  sources: TrackSource[];
}
