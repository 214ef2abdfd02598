import { Link } from '@shoal/router';
import { t } from '../../../i18n/edits';
import { ArtistCreditLinks } from '../../catalogue/components/ArtistCreditLinks';
import { releaseYear } from '../../catalogue/credits';
import type { ArtistRef, Track } from '../../catalogue/types';
import { InfoTable } from './InfoTable';

/** The release table of the track page: album (or series), artist, copyright, licence, disc, URL and year. */
export function TrackReleaseTable({ track }: { track: Track }) {
  const unknown = t('track.unknown');
  // A podcast's "album" is a series (its artist is a channel of the podcast category).
  const albumArtist = track.album?.artist as (ArtistRef & { content_category?: string }) | null | undefined;
  const series = albumArtist?.content_category === 'podcast';
  return (
    <InfoTable
      caption={t('track.releaseInfo')}
      rows={[
        {
          label: series ? t('track.series') : t('track.album'),
          value: track.album ? <Link to={`/library/albums/${track.album.id}`}>{track.album.title}</Link> : unknown,
        },
        { label: t('track.artist'), value: <ArtistCreditLinks object={track} /> },
        { label: t('track.copyright'), value: track.copyright || unknown },
        { label: t('track.license'), value: track.license || unknown },
        { label: t('track.disc'), value: track.disc_number ?? unknown },
        {
          label: t('track.url'),
          value: track.fid ? (
            <a href={track.fid} target="_blank" rel="noopener noreferrer">
              {track.fid}
            </a>
          ) : (
            unknown
          ),
        },
        { label: t('track.year'), value: releaseYear(track.album) ?? unknown },
      ]}
    />
  );
}
