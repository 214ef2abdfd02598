import { Link } from '@shoal/router';
import { formatDuration } from '@shoal/text';
import { t } from '../../../i18n';
import { FavoriteButton } from '../../favorites/components/FavoriteButton';
import { PlayButton } from '../../player-actions/PlayButton';
import { AddToPlaylistButton } from '../../playlists/components/AddToPlaylistButton';
import { creditLine } from '../credits';
import type { Track } from '../types';

export interface TrackTableProps {
  tracks: Track[];
  caption: string;
  showArtist?: boolean;
}

/** Tracks as rows: position, title (link), artist, duration, and play / add-to-queue buttons. */
export function TrackTable({ tracks, caption, showArtist = true }: TrackTableProps) {
  return (
    <table className="listen-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('album.column.position')}</th>
          <th scope="col">{t('album.column.title')}</th>
          {showArtist && <th scope="col">{t('album.column.artist')}</th>}
          <th scope="col">{t('album.column.duration')}</th>
          <th scope="col">{t('album.column.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, index) => (
          <tr key={track.id}>
            <td>{track.position ?? ''}</td>
            <td>
              <Link to={`/library/tracks/${track.id}`}>{track.title}</Link>
            </td>
            {showArtist && <td>{creditLine(track)}</td>}
            <td>{formatDuration(track.uploads?.[0]?.duration)}</td>
            <td className="listen-table__actions">
              <FavoriteButton track={track} />
              <PlayButton
                tracks={tracks}
                startIndex={index}
                label={t('common.playTitle', { title: track.title })}
                text={t('common.play')}
                variant="secondary"
              />
              <PlayButton
                tracks={[track]}
                mode="enqueue"
                label={t('common.enqueueTitle', { title: track.title })}
                text="+"
                variant="secondary"
              />
              <AddToPlaylistButton track={track} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
