import { Link } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import { t } from '../../../i18n';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { useVisibleAlbums, useVisibleTracks } from '../../content-filters/queries';
import { AlbumCard } from '../components/AlbumCard';
import { useRecentAlbums, useRecentTracks } from '../queries/use-recent-albums';

// The track table (play, favorite and add-to-playlist controls, their dialog) shows only once the
// recent tracks have arrived, so it downloads alongside them rather than before the page's first
// paint (the first visit to /library has a tight budget).
const TrackTable = lazy(() =>
  import('../../catalogue/components/TrackTable').then((module) => ({ default: module.TrackTable })),
);

/**
 * `/library`: what the pod can tell today, newest first. Favorites, listenings, playlists and
 * channels join once the pod answers for them.
 */
export function LibraryHomePage() {
  const visibleAlbums = useVisibleAlbums();
  const visibleTracks = useVisibleTracks();
  const albums = useRecentAlbums();
  const tracks = useRecentTracks();
  return (
    <section aria-labelledby="library-title">
      <h1 id="library-title">{t('library.title')}</h1>
      <p className="listen-links">
        <Link to="/library/artists">{t('library.browseArtists')}</Link>{' '}
        <Link to="/library/albums">{t('library.browseAlbums')}</Link>
      </p>
      <h2>{t('library.recentAlbums')}</h2>
      <QueryStatus
        query={albums}
        failedTitle={t('library.recentAlbumsFailed')}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <ul className="ui-card-grid">
            {visibleAlbums(data.results).map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </ul>
        )}
      </QueryStatus>
      <h2>{t('library.recentTracks')}</h2>
      <QueryStatus
        query={tracks}
        failedTitle={t('library.recentTracksFailed')}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <Suspense fallback={<Loading label={t('common.loading')} />}>
            <TrackTable tracks={visibleTracks(data.results)} caption={t('library.recentTracks')} />
          </Suspense>
        )}
      </QueryStatus>
    </section>
  );
}
