import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { Link } from '@shoal/router';
import { t } from '../../../i18n/edits';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';
import type { Library } from '../../libraries/queries';

interface PlaylistSummary {
  id: number;
  name: string;
  tracks_count?: number;
  user?: { username?: string } | null;
  actor?: { full_username?: string } | null;
}

const RELATED_PAGE_SIZE = 25;

/** The track page's related libraries (`tracks/{id}/libraries/`) and playlists (`playlists/?track=`). */
export function TrackRelated({ trackId }: { trackId: number }) {
  const libraries = useQuery({
    queryKey: ['catalogue', 'tracks', 'libraries', trackId],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Library>>(`tracks/${trackId}/libraries/`, {
        query: { page_size: RELATED_PAGE_SIZE },
        signal,
      }),
  });
  const playlists = useQuery({
    queryKey: ['catalogue', 'tracks', 'playlists', trackId],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<PlaylistSummary>>('playlists/', {
        query: { track: trackId, playable: true, page_size: RELATED_PAGE_SIZE },
        signal,
      }),
  });
  return (
    <div className="listen-related">
      <section aria-labelledby="track-libraries-title">
        <h2 id="track-libraries-title">{t('trackRelated.libraries')}</h2>
        <QueryStatus
          query={libraries}
          failedTitle={t('trackRelated.librariesFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('trackRelated.noLibraries')}
        >
          {(page) => (
            <ul>
              {page.results.map((library) => (
                <li key={library.uuid}>
                  <Link to={`/library/${library.uuid}`}>{library.name}</Link>{' '}
                  {library.actor?.full_username && (
                    <span className="listen-meta">{t('trackRelated.by', { name: library.actor.full_username })}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="track-playlists-title">
        <h2 id="track-playlists-title">{t('trackRelated.playlists')}</h2>
        <QueryStatus
          query={playlists}
          failedTitle={t('trackRelated.playlistsFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('trackRelated.noPlaylists')}
        >
          {(page) => (
            <ul>
              {page.results.map((playlist) => (
                <li key={playlist.id}>
                  <Link to={`/library/playlists/${playlist.id}`}>{playlist.name}</Link>{' '}
                  <span className="listen-meta">
                    {t('trackRelated.playlistTracks', { count: playlist.tracks_count ?? 0 })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
    </div>
  );
}
