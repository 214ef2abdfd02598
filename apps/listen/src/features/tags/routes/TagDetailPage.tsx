import { Link, useParams } from '@shoal/router';
import { t } from '../../../i18n';
import { ArtistCard } from '../../artists/components/ArtistCard';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { useAlbums, useArtists, useTag, useTracks } from '../../catalogue/queries';
import { AlbumCard } from '../../library/components/AlbumCard';
import { RadioButton } from '../../radios/components/RadioButton';

const PREVIEW = 12;

/** `/library/tags/:id`: artists, albums and tracks carrying the tag, each with a link to the full list. */
export default function TagDetailPage() {
  const { id = '' } = useParams();
  const tag = useTag(id);
  const filters = { tag: id, page_size: PREVIEW };
  const artists = useArtists({ ...filters, ordering: 'name' });
  const albums = useAlbums({ ...filters, ordering: '-creation_date' });
  const tracks = useTracks({ ...filters, ordering: '-creation_date' });
  const search = `?tag=${encodeURIComponent(id)}`;
  return (
    <QueryStatus query={tag} failedTitle={t('tag.failed')}>
      {(data) => (
        <article aria-labelledby="tag-title">
          <h1 id="tag-title">{t('tag.title', { name: data.name })}</h1>
          <RadioButton variant="primary" config={{ type: 'tag', objectId: data.name }} />
          <h2>{t('tag.artists', { name: data.name })}</h2>
          <QueryStatus
            query={artists}
            failedTitle={t('tag.failed')}
            isEmpty={(page) => page.results.length === 0}
            emptyText={t('tag.nothing')}
          >
            {(page) => (
              <>
                <ul className="ui-card-grid">
                  {page.results.map((artist) => (
                    <ArtistCard key={artist.id} artist={artist} />
                  ))}
                </ul>
                {page.count > PREVIEW && <Link to={`/library/artists${search}`}>{t('common.viewAll')}</Link>}
              </>
            )}
          </QueryStatus>
          <h2>{t('tag.albums', { name: data.name })}</h2>
          <QueryStatus
            query={albums}
            failedTitle={t('tag.failed')}
            isEmpty={(page) => page.results.length === 0}
            emptyText={t('tag.nothing')}
          >
            {(page) => (
              <>
                <ul className="ui-card-grid">
                  {page.results.map((album) => (
                    <AlbumCard key={album.id} album={album} />
                  ))}
                </ul>
                {page.count > PREVIEW && <Link to={`/library/albums${search}`}>{t('common.viewAll')}</Link>}
              </>
            )}
          </QueryStatus>
          <h2>{t('tag.tracks', { name: data.name })}</h2>
          <QueryStatus
            query={tracks}
            failedTitle={t('tag.failed')}
            isEmpty={(page) => page.results.length === 0}
            emptyText={t('tag.nothing')}
          >
            {(page) => <TrackTable tracks={page.results} caption={t('tag.tracks', { name: data.name })} />}
          </QueryStatus>
        </article>
      )}
    </QueryStatus>
  );
}
