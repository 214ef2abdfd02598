import { Link } from '@shoal/router';
import { t } from '../../../i18n/playlists';
import type { Playlist } from '../types';

/** A playlist in a grid: up to four album covers, name (the link), owner and track count. */
export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const covers = playlist.album_covers.slice(0, 4);
  return (
    <li className="ui-card listen-card">
      {covers.length ? (
        <div className="listen-playlist-covers">
          {covers.map((cover) => (
            <img key={cover} src={cover} alt="" width={80} height={80} loading="lazy" />
          ))}
        </div>
      ) : (
        <div className="listen-card__placeholder" />
      )}
      <Link to={`/library/playlists/${playlist.id}`} className="listen-card__title">
        {playlist.name}
      </Link>
      <div className="listen-card__meta">
        {t('playlists.by', { username: playlist.user.username })} ·{' '}
        {t('common.tracks', { count: playlist.tracks_count })}
      </div>
    </li>
  );
}
