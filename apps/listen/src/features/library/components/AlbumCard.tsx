import { Link } from '@shoal/router';
import { coverUrl, creditLine } from '../../catalogue/credits';
import type { AlbumSummary } from '../../catalogue/types';

/** An album in a grid: cover, title (the link) and credited artists. */
export function AlbumCard({ album }: { album: AlbumSummary }) {
  const cover = coverUrl(album.cover);
  return (
    <li className="ui-card listen-card">
      {cover ? (
        <img src={cover} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <div className="listen-card__placeholder" />
      )}
      <Link to={`/library/albums/${album.id}`} className="listen-card__title">
        {album.title}
      </Link>
      <div className="listen-card__meta">{creditLine(album)}</div>
    </li>
  );
}
