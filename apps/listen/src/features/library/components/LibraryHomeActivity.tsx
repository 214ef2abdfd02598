import type { UseQueryResult } from '@shoal/query';
import { Link } from '@shoal/router';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';
import { useVisibleTracks } from '../../content-filters/queries';
import { PlaylistWidget } from '../../playlists/components/PlaylistWidget';
import { type LibraryScope, type TrackActivity, useHomeList } from '../queries/use-recent-albums';
import { HomeSection as Section } from './HomeSection';
import { TrackTable } from './LazyTrackTable';

/** The library home's recently favorited, recently listened, playlists and new channels. */
export default function LibraryHomeActivity({ scope, prefix }: { scope?: LibraryScope; prefix: string }) {
  const visibleTracks = useVisibleTracks();
  const favorites = useHomeList('favorites', scope);
  const listenings = useHomeList('listenings', scope);
  const channels = useHomeList('channels', scope);
  // Several listenings of one track show once, at the latest.
  const uniqueTracks = (items: TrackActivity[]) =>
    visibleTracks(
      items.map((item) => item.track).filter((track, i, all) => all.findIndex((x) => x.id === track.id) === i),
    );
  return (
    <>
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
        <PlaylistWidget
          filters={scope ? { scope } : {}}
          failedTitle={t('library.playlistsFailed')}
          emptyText={t('library.noPlaylists')}
        />
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
    </>
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
