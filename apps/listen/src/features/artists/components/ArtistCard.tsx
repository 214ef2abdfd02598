import { Link } from '@shoal/router';
import { t } from '../../../i18n';
import { coverUrl } from '../../catalogue/credits';
import type { Artist } from '../../catalogue/types';

/** An artist in a grid: picture, name (the link), album count and first tags. */
export function ArtistCard({ artist }: { artist: Artist }) {
  const cover = coverUrl(artist.cover);
  return (
    <li className="ui-card listen-card">
      {cover ? (
        <img src={cover} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <div className="listen-card__placeholder" />
      )}
      <Link to={`/library/artists/${artist.id}`} className="listen-card__title">
        {artist.name}
      </Link>
      <div className="listen-card__meta">{t('common.albums', { count: artist.albums?.length ?? 0 })}</div>
      {artist.tags && artist.tags.length > 0 && (
        <div className="listen-card__meta">
          {artist.tags
            .slice(0, 3)
            .map((tag) => `#${tag}`)
            .join(' ')}
        </div>
      )}
    </li>
  );
}
