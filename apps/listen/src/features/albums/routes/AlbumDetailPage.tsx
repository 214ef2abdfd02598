import { useParams } from '@shoal/router';
import { formatDuration } from '@shoal/text';
import { t } from '../../../i18n';
import { ArtistCreditLinks } from '../../catalogue/components/ArtistCreditLinks';
import { DetailHeader } from '../../catalogue/components/DetailHeader';
import { MoreLinksMenu } from '../../catalogue/components/MoreLinksMenu';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TagLinks } from '../../catalogue/components/TagLinks';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { coverUrl, releaseYear } from '../../catalogue/credits';
import { useAlbum, useTracks } from '../../catalogue/queries';
import { EditableDescription } from '../../edits/components/EditableDescription';
import { CatalogueMenu } from '../../menus/CatalogueMenu';
import { PlayButton } from '../../player-actions/PlayButton';
import { RadioButton } from '../../radios/components/RadioButton';

/** `/library/albums/:id`: the album, its description and its track list, playable at once. */
export default function AlbumDetailPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  // An album rarely has more than a hundred tracks; one page keeps "Play all" simple.
  const tracks = useTracks({ album: id, ordering: ['disc_number', 'position'].join(','), page_size: 100 });
  return (
    <QueryStatus query={album} failedTitle={t('album.failed')}>
      {(data) => {
        const year = releaseYear(data);
        return (
          <article aria-labelledby="album-title">
            <DetailHeader titleId="album-title" title={data.title} cover={coverUrl(data.cover, 'large')}>
              <p>
                {t('album.by')} <ArtistCreditLinks object={data} />
              </p>
              <p className="listen-meta">
                {[
                  year ? t('album.released', { year }) : null,
                  t('common.tracks', { count: data.tracks_count ?? 0 }),
                  formatDuration(data.duration),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <TagLinks tags={data.tags} />
              {tracks.isSuccess && <PlayButton tracks={tracks.data.results} label={t('common.playAll')} />}
              <CatalogueMenu kind="album" object={data} name={data.title} />
              <RadioButton config={{ type: 'album', objectId: data.id }} />
              <MoreLinksMenu kind="album" id={data.id} name={data.title} mbid={data.mbid} isLocal={data.is_local} />
            </DetailHeader>
            <EditableDescription kind="album" id={data.id} description={data.description} isLocal={data.is_local} />
            <h2>{t('album.trackList')}</h2>
            <QueryStatus
              query={tracks}
              failedTitle={t('album.failed')}
              isEmpty={(page) => page.results.length === 0}
              emptyText={t('album.noTracks')}
            >
              {(page) => <TrackTable tracks={page.results} caption={t('album.trackList')} />}
            </QueryStatus>
          </article>
        );
      }}
    </QueryStatus>
  );
}
