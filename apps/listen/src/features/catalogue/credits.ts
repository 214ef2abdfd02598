import type { AlbumSummary, ArtistCredit, ArtistRef, Cover, Track } from './types';

/** The credited names as one line ("A feat. B"), falling back to the single artist of older pods. */
export function creditLine(object: { artist_credit?: ArtistCredit[]; artist?: ArtistRef | null }): string {
  if (object.artist_credit && object.artist_credit.length > 0) {
    return object.artist_credit
      .map((credit, index, all) => `${credit.credit}${index < all.length - 1 ? (credit.joinphrase ?? ', ') : ''}`)
      .join('');
  }
  return object.artist?.name ?? '';
}

/** Each credited artist, for linking them one by one. */
export function creditedArtists(object: { artist_credit?: ArtistCredit[]; artist?: ArtistRef | null }): ArtistCredit[] {
  if (object.artist_credit && object.artist_credit.length > 0) return object.artist_credit;
  return object.artist ? [{ credit: object.artist.name, artist: object.artist }] : [];
}

export function coverUrl(
  cover: Cover | null | undefined,
  size: 'small' | 'medium' | 'large' = 'medium',
): string | null {
  const urls = cover?.urls;
  if (!urls) return null;
  return urls[`${size}_square_crop`] ?? urls.medium_square_crop ?? urls.original ?? null;
}

export function trackCover(track: Track): string | null {
  return coverUrl(track.cover) ?? coverUrl(track.album?.cover);
}

export function releaseYear(album: Pick<AlbumSummary, 'release_date'> | null | undefined): string | null {
  return album?.release_date ? album.release_date.slice(0, 4) : null;
}
