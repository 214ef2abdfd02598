import { useSession } from '@shoal/core';
import type { UseQueryResult } from '@shoal/query';
import { Link, Navigate, NavLink } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { t } from '../../../i18n';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';
import { useVisibleAlbums, useVisibleTracks } from '../../content-filters/queries';
import { AlbumCard } from '../components/AlbumCard';
import {
  type LibraryScope,
  type TrackActivity,
  useHomeList,
  useRecentAlbums,
  useRecentTracks,
} from '../queries/use-recent-albums';

// The track table (play, favorite and add-to-playlist controls) shows only once its tracks have
// arrived, so it downloads alongside them rather than before the page's first paint (the first
// visit to /library has a tight weight budget).
const LazyTrackTable = lazy(() =>
  import('../../catalogue/components/TrackTable').then((module) => ({ default: module.TrackTable })),
);

function TrackTable(props: Parameters<typeof LazyTrackTable>[0]) {
  return (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <LazyTrackTable {...props} />
    </Suspense>
  );
}

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
  const favorites = useHomeList('favorites', scope);
  const listenings = useHomeList('listenings', scope);
  const playlists = useHomeList('playlists', scope);
  const channels = useHomeList('channels', scope);
  if (scope === 'me' && status === 'anonymous') return <Navigate to="/login?next=%2Flibrary%2Fme" replace />;
  const prefix = scope === 'me' ? '/library/me' : '/library';
  // Several listenings of one track show once, at the latest.
  const uniqueTracks = (items: TrackActivity[]) =>
    visibleTracks(
      items.map((item) => item.track).filter((track, i, all) => all.findIndex((x) => x.id === track.id) === i),
    );
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
      <Section id="library-favorites" title={t('library.recentFavorites')}>
        <HomeList query={favorites} failed={t('library.recentFavoritesFailed')} empty={t('library.noFavorites')}>
          {(items) => <TrackTable tracks={uniqueTracks(items)} caption={t('library.recentFavorites')} />}
        </HomeList>
      </Section>
      <Section id="library-listenings" title={t('library.recentListenings')}>
        <HomeList query={listenings} failed={t('library.recentListeningsFailed')} empty={t('library.noListenings')}>
          {(items) => <TrackTable tracks={uniqueTracks(items)} caption={t('library.recentListenings')} />}
        </HomeList>
      </Section>
      <Section id="library-playlists" title={t('library.playlists')} more={`${prefix}/playlists`}>
        <HomeList query={playlists} failed={t('library.playlistsFailed')} empty={t('library.noPlaylists')}>
          {(items) => (
            <ul className="listen-list">
              {items.map((playlist) => (
                <li key={playlist.id}>
                  <Link to={`/library/playlists/${playlist.id}`}>{playlist.name}</Link>{' '}
                  <span className="listen-meta">
                    {t('common.tracks', { count: playlist.tracks_count })} ·{' '}
                    {t('library.by', { owner: playlist.user.username })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </HomeList>
      </Section>
      <Section id="library-channels" title={t('library.newChannels')} more="/library/channels">
        <HomeList query={channels} failed={t('library.channelsFailed')} empty={t('library.noChannels')}>
          {(items) => (
            <ul className="listen-list">
              {items.map((channel) => (
                <li key={channel.uuid}>
                  <Link to={`/channels/${channel.uuid}`}>{channel.artist.name}</Link>
                  {channel.actor?.full_username && <span className="listen-meta"> @{channel.actor.full_username}</span>}
                </li>
              ))}
            </ul>
          )}
        </HomeList>
      </Section>
    </section>
  );
}

function Section({ id, title, more, children }: { id: string; title: string; more?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {more && (
        <p>
          <Link to={more}>{t('common.viewAll')}</Link>
        </p>
      )}
    </section>
  );
}

function HomeList<T>({
  query,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<Paginated<T>, Error>;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryStatus query={query} failedTitle={failed} isEmpty={(data) => data.results.length === 0} emptyText={empty}>
      {(data) => children(data.results)}
    </QueryStatus>
  );
}
