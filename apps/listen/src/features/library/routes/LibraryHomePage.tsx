import { useSession } from '@shoal/core';
import { Link, Navigate, NavLink } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import { t } from '../../../i18n';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { useVisibleAlbums, useVisibleTracks } from '../../content-filters/queries';
import { AlbumCard } from '../components/AlbumCard';
import { HomeSection as Section } from '../components/HomeSection';
import { TrackTable } from '../components/LazyTrackTable';
import { type LibraryScope, useRecentAlbums, useRecentTracks } from '../queries/use-recent-albums';

// Favorites, listenings, playlists and channels sit below the first screen: their code follows it.
const LibraryHomeActivity = lazy(() => import('../components/LibraryHomeActivity'));

/**
 * `/library` and `/library/me` (product.md §2, Library): recently added albums and tracks, recently
 * favorited, recently listened, playlists and new channels; `me` keeps to the listener's own.
 */
export function LibraryHomePage({ scope }: { scope?: LibraryScope }) {
  const status = useSession((state) => state.status);
  const signedIn = status === 'authenticated';
  const visibleAlbums = useVisibleAlbums();
  const visibleTracks = useVisibleTracks();
  const albums = useRecentAlbums(12, scope);
  const tracks = useRecentTracks(10, scope);
  if (scope === 'me' && status === 'anonymous') return <Navigate to="/login?next=%2Flibrary%2Fme" replace />;
  const prefix = scope === 'me' ? '/library/me' : '/library';
  return (
    <section aria-labelledby="library-title">
      <h1 id="library-title">{scope === 'me' ? t('library.myTitle') : t('library.title')}</h1>
      {signedIn && (
        <nav aria-label={t('library.scopes')} className="listen-tabs">
          <ul>
            <li>
              <NavLink end to="/library" className="listen-tab">
                {t('library.scope.all')}
              </NavLink>
            </li>
            <li>
              <NavLink end to="/library/me" className="listen-tab">
                {t('library.scope.me')}
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
      <p className="listen-links">
        <Link to={`${prefix}/artists`}>{t('library.browseArtists')}</Link>{' '}
        <Link to={`${prefix}/albums`}>{t('library.browseAlbums')}</Link>
      </p>
      <Section id="library-albums" title={t('library.recentAlbums')}>
        <QueryStatus
          query={albums}
          failedTitle={t('library.recentAlbumsFailed')}
          isEmpty={(data) => data.results.length === 0}
          emptyText={t('library.noAlbums')}
        >
          {(data) => (
            <ul className="ui-card-grid">
              {visibleAlbums(data.results).map((album) => (
                <AlbumCard key={album.id} album={album} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </Section>
      <Section id="library-tracks" title={t('library.recentTracks')}>
        <QueryStatus
          query={tracks}
          failedTitle={t('library.recentTracksFailed')}
          isEmpty={(data) => data.results.length === 0}
          emptyText={t('library.noTracks')}
        >
          {(data) => <TrackTable tracks={visibleTracks(data.results)} caption={t('library.recentTracks')} />}
        </QueryStatus>
      </Section>
      {/* Below the first screen: it follows once the recent albums have been answered. */}
      {!albums.isPending && (
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <LibraryHomeActivity scope={scope} prefix={prefix} />
        </Suspense>
      )}
    </section>
  );
}
