/** The slice of the pod's album shape (Funkwhale's `Album` serializer) this app reads. */
export interface AlbumSummary {
  id: number;
  title: string;
  artist?: { id: number; name: string } | null;
  artist_credit?: { credit: string; artist: { id: number; name: string } }[];
  cover?: { urls?: { medium_square_crop?: string | null; original?: string | null } } | null;
  tracks_count?: number;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
