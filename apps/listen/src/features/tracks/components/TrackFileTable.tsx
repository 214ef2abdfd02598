import { formatDuration, formatSize } from '@shoal/text';
import { t } from '../../../i18n';
import type { Track } from '../../catalogue/types';
import { InfoTable } from './InfoTable';

/** The track table of the track page: bitrate, codec, downloads, duration and size of its first file. */
export function TrackFileTable({ track }: { track: Track }) {
  const upload = track.uploads?.[0];
  const unknown = t('track.unknown');
  const codec = upload?.extension ?? upload?.mimetype.replace(/^audio\//, '');
  return (
    <InfoTable
      caption={t('track.trackInfo')}
      rows={[
        {
          label: t('track.bitrate'),
          value: upload?.bitrate ? t('track.kbps', { value: Math.round(upload.bitrate / 1000) }) : unknown,
        },
        { label: t('track.codec'), value: codec ? codec.toUpperCase() : unknown },
        { label: t('track.downloads'), value: (track.downloads_count ?? 0).toLocaleString() },
        { label: t('track.duration'), value: formatDuration(upload?.duration) || unknown },
        { label: t('track.size'), value: upload?.size ? formatSize(upload.size) : unknown },
      ]}
    />
  );
}
