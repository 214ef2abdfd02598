import { Link } from '@shoal/router';
import type { AlbumSummary } from '../../catalogue/types';

function artistName(album: AlbumSummary): string {
  if (album.artist_credit && album.artist_credit.length > 0) {
    return album.artist_credit.map((credit) => credit.credit).join(', ');
  }
  return album.artist?.name ?? '';
}

export function AlbumCard({ album }: { album: AlbumSummary }) {
  const cover = album.cover?.urls?.medium_square_crop ?? album.cover?.urls?.original ?? null;
  return (
    <li className="ui-card">
      {cover ? <img src={cover} alt="" width={160} height={160} loading="lazy" /> : null}
      <Link to={`/library/albums/${album.id}`}>{album.title}</Link>
      <div>{artistName(album)}</div>
    </li>
  );
}
