import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { Link } from '@shoal/router';
import { t } from '../../../i18n/edits';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';
import type { Library } from '../../libraries/queries';
import { PlaylistWidget } from '../../playlists/components/PlaylistWidget';

const RELATED_PAGE_SIZE = 25;

/** The track page's related libraries (`tracks/{id}/libraries/`) and the playlists holding it (`playlists/?track=`). */
export function TrackRelated({ trackId }: { trackId: number }) {
  const libraries = useQuery({
    queryKey: ['catalogue', 'tracks', 'libraries', trackId],
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Library>>(`tracks/${trackId}/libraries/`, {
        query: { page_size: RELATED_PAGE_SIZE },
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
        <PlaylistWidget
          filters={{ track: trackId, playable: true }}
          failedTitle={t('trackRelated.playlistsFailed')}
          emptyText={t('trackRelated.noPlaylists')}
        />
      </section>
    </div>
  );
}
