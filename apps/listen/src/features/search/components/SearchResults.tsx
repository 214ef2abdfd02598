import type { UseQueryResult } from '@shoal/query';
import { Link } from '@shoal/router';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/browse';
import { ArtistCard } from '../../artists/components/ArtistCard';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import type { Paginated } from '../../catalogue/types';
import { useVisibleAlbums, useVisibleArtists, useVisibleTracks } from '../../content-filters/queries';
import { AlbumCard } from '../../library/components/AlbumCard';
import { type SearchGroup, type SearchGroupResults, useSearchGroup } from '../queries';

const TITLES: Record<SearchGroup, Parameters<typeof t>[0]> = {
  artists: 'search.group.artists',
  albums: 'search.group.albums',
  tracks: 'search.group.tracks',
  podcasts: 'search.group.podcasts',
  series: 'search.group.series',
  playlists: 'search.group.playlists',
  radios: 'search.group.radios',
  tags: 'search.group.tags',
};

/** Where "See all" leads for the groups that have a browse page of their own. */
function seeAllPath(group: SearchGroup, q: string): string | null {
  const query = `?q=${encodeURIComponent(q)}`;
  if (group === 'artists') return `/library/artists${query}`;
  if (group === 'albums') return `/library/albums${query}`;
  if (group === 'podcasts') return `/library/podcasts${query}`;
  return null;
}

function Group<G extends SearchGroup>({
  group,
  q,
  children,
}: {
  group: G;
  q: string;
  children: (items: SearchGroupResults[G][]) => ReactNode;
}) {
  const query = useSearchGroup(group, q) as UseQueryResult<Paginated<SearchGroupResults[G]>, Error>;
  const headingId = `search-group-${group}`;
  const all = seeAllPath(group, q);
  return (
    <section aria-labelledby={headingId} className="listen-search-group">
      <h2 id={headingId}>
        {t(TITLES[group])}
        {query.isSuccess && <span className="listen-count"> ({query.data.count})</span>}
      </h2>
      <QueryStatus
        query={query}
        failedTitle={t('search.groupFailed')}
        isEmpty={(data) => data.results.length === 0}
        emptyText={t('search.groupEmpty')}
      >
        {(data) => (
          <>
            {children(data.results)}
            {all && data.count > data.results.length && <Link to={all}>{t('common.viewAll')}</Link>}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

/** Every result group of product.md §2 for one query, each from its own list route. */
export function SearchResults({ q }: { q: string }) {
  const visibleArtists = useVisibleArtists();
  const visibleAlbums = useVisibleAlbums();
  const visibleTracks = useVisibleTracks();
  const artistGrid = (items: SearchGroupResults['artists'][]) => (
    <ul className="ui-card-grid">
      {visibleArtists(items).map((artist) => (
        <ArtistCard key={artist.id} artist={artist} />
      ))}
    </ul>
  );
  const albumGrid = (items: SearchGroupResults['albums'][]) => (
    <ul className="ui-card-grid">
      {visibleAlbums(items).map((album) => (
        <AlbumCard key={album.id} album={album} />
      ))}
    </ul>
  );
  return (
    <div className="listen-search-results">
      <Group group="artists" q={q}>
        {artistGrid}
      </Group>
      <Group group="albums" q={q}>
        {albumGrid}
      </Group>
      <Group group="tracks" q={q}>
        {(items) => <TrackTable tracks={visibleTracks(items)} caption={t('search.group.tracks')} />}
      </Group>
      <Group group="podcasts" q={q}>
        {artistGrid}
      </Group>
      <Group group="series" q={q}>
        {albumGrid}
      </Group>
      <Group group="playlists" q={q}>
        {(items) => (
          <ul className="listen-list">
            {items.map((playlist) => (
              <li key={playlist.id}>
                <Link to={`/library/playlists/${playlist.id}`}>{playlist.name}</Link>{' '}
                <span className="listen-meta">
                  {t('common.tracks', { count: playlist.tracks_count ?? 0 })}
                  {playlist.user ? ` · ${t('search.by', { name: playlist.user.username })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Group>
      <Group group="radios" q={q}>
        {(items) => (
          <ul className="listen-list">
            {items.map((radio) => (
              <li key={radio.id}>
                <Link to={`/library/radios/${radio.id}`}>{radio.name}</Link>
                {radio.description && <span className="listen-meta"> · {radio.description}</span>}
              </li>
            ))}
          </ul>
        )}
      </Group>
      <Group group="tags" q={q}>
        {(items) => (
          <ul className="listen-pills">
            {items.map((tag) => (
              <li key={tag.name}>
                <Link className="listen-pill" to={`/library/tags/${encodeURIComponent(tag.name)}`}>
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Group>
    </div>
  );
}
