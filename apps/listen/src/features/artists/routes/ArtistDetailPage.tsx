import { useParams } from '@shoal/router';
import { t } from '../../../i18n';
import { DetailHeader } from '../../catalogue/components/DetailHeader';
import { MoreLinksMenu } from '../../catalogue/components/MoreLinksMenu';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TagLinks } from '../../catalogue/components/TagLinks';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { coverUrl } from '../../catalogue/credits';
import { useAlbums, useArtist, useTracks } from '../../catalogue/queries';
import { HideArtistButton } from '../../content-filters/components/HideArtistButton';
import { EditableDescription } from '../../edits/components/EditableDescription';
import { AlbumCard } from '../../library/components/AlbumCard';
import { CatalogueMenu } from '../../menus/CatalogueMenu';
import { PlayButton } from '../../player-actions/PlayButton';
import { RadioButton } from '../../radios/components/RadioButton';
import { ReportButton } from '../../reports/components/ReportButton';
import { SubscribeButton } from '../../subscriptions/components/SubscribeButton';

/** `/library/artists/:id`: the artist, their albums and their tracks. */
export default function ArtistDetailPage() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const albums = useAlbums({ artist: id, ordering: '-release_date', page_size: 50 });
  const tracks = useTracks({ artist: id, ordering: '-creation_date', page_size: 50 });
  return (
    <QueryStatus query={artist} failedTitle={t('artist.failed')}>
      {(data) => (
        <article aria-labelledby="artist-title">
          <DetailHeader titleId="artist-title" title={data.name} cover={coverUrl(data.cover, 'large')}>
            <p className="listen-meta">
              {[
                data.content_category === 'podcast' ? t('artist.podcast') : null,
                t('common.tracks', { count: data.tracks_count ?? 0 }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <TagLinks tags={data.tags} />
            {tracks.isSuccess && <PlayButton tracks={tracks.data.results} label={t('common.playAll')} />}
            <CatalogueMenu kind="artist" object={data} name={data.name} />
            <RadioButton config={{ type: 'artist', objectId: data.id }} />
            <MoreLinksMenu kind="artist" id={data.id} name={data.name} mbid={data.mbid} isLocal={data.is_local} />
            <div className="listen-actions">
              {data.channel?.uuid && <SubscribeButton channel={data.channel.uuid} name={data.name} />}
              <HideArtistButton artist={data} />
              <ReportButton target={{ type: 'artist', id: data.id, label: data.name }} />
            </div>
          </DetailHeader>
          <EditableDescription kind="artist" id={data.id} description={data.description} isLocal={data.is_local} />
          <h2>{t('artist.albums')}</h2>
          <QueryStatus
            query={albums}
            failedTitle={t('artist.failed')}
            isEmpty={(page) => page.results.length === 0}
            emptyText={t('artist.noAlbums')}
          >
            {(page) => (
              <ul className="ui-card-grid">
                {page.results.map((album) => (
                  <AlbumCard key={album.id} album={album} />
                ))}
              </ul>
            )}
          </QueryStatus>
          <h2>{t('artist.tracks')}</h2>
          <QueryStatus query={tracks} failedTitle={t('artist.failed')} isEmpty={(page) => page.results.length === 0}>
            {(page) => <TrackTable tracks={page.results} caption={t('artist.tracks')} />}
          </QueryStatus>
        </article>
      )}
    </QueryStatus>
  );
}
