import { Link, useParams } from '@shoal/router';
import { t } from '../../../i18n';
import { ArtistCreditLinks } from '../../catalogue/components/ArtistCreditLinks';
import { DetailHeader } from '../../catalogue/components/DetailHeader';
import { MoreLinksMenu } from '../../catalogue/components/MoreLinksMenu';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TagLinks } from '../../catalogue/components/TagLinks';
import { trackCover } from '../../catalogue/credits';
import { useTrack } from '../../catalogue/queries';
import { EditableDescription } from '../../edits/components/EditableDescription';
import { FavoriteButton } from '../../favorites/components/FavoriteButton';
import { CatalogueMenu } from '../../menus/CatalogueMenu';
import { PlayButton } from '../../player-actions/PlayButton';
import { ReportButton } from '../../reports/components/ReportButton';
import { TrackFileTable } from '../components/TrackFileTable';
import { TrackRelated } from '../components/TrackRelated';
import { TrackReleaseTable } from '../components/TrackReleaseTable';

/** `/library/tracks/:id`: the track, play and queue buttons, and its track and release tables. */
export default function TrackDetailPage() {
  const { id = '' } = useParams();
  const track = useTrack(id);
  return (
    <QueryStatus query={track} failedTitle={t('track.failed')}>
      {(data) => (
        <article aria-labelledby="track-title">
          <DetailHeader titleId="track-title" title={data.title} cover={trackCover(data)}>
            <p>
              {t('album.by')} <ArtistCreditLinks object={data} />
            </p>
            {data.album && (
              <p>
                {t('track.fromAlbum')} <Link to={`/library/albums/${data.album.id}`}>{data.album.title}</Link>
              </p>
            )}
            <TagLinks tags={data.tags} />
            <div className="listen-actions">
              <PlayButton
                tracks={[data]}
                label={t('common.playTitle', { title: data.title })}
                text={t('common.play')}
              />
              <PlayButton
                tracks={[data]}
                mode="enqueue"
                variant="secondary"
                label={t('common.enqueueTitle', { title: data.title })}
                text={t('common.enqueue')}
              />
              <FavoriteButton track={data} />
              <ReportButton target={{ type: 'track', id: data.id, label: data.title }} />
            </div>
            <CatalogueMenu kind="track" object={data} name={data.title} />
            <MoreLinksMenu kind="track" id={data.id} name={data.title} mbid={data.mbid} isLocal={data.is_local} />
          </DetailHeader>
          <EditableDescription kind="track" id={data.id} description={data.description} isLocal={data.is_local} />
          <div className="listen-info-tables">
            <TrackFileTable track={data} />
            <TrackReleaseTable track={data} />
          </div>
          <TrackRelated trackId={data.id} />
        </article>
      )}
    </QueryStatus>
  );
}
