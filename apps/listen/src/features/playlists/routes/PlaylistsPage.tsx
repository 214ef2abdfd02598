import '../playlists.css';
import { useSession } from '@shoal/core';
import { useNavigate, useSearchParams } from '@shoal/router';
import { useState } from 'react';
import { t } from '../../../i18n/playlists';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { PlaylistCard } from '../components/PlaylistCard';
import { PlaylistForm } from '../components/PlaylistForm';
import { PlaylistXspfMenu } from '../components/PlaylistXspfMenu';
import { usePlaylists } from '../queries/playlists';

/** calls.md §9.2: playlists are paginated by 25. */
export const PLAYLISTS_PAGE_SIZE = 25;

export interface PlaylistsPageProps {
  /** `me`: only the listener's own playlists (`/library/me/playlists`). */
  scope?: 'me';
}

/** `/library/playlists` and `/library/me/playlists`, with the new-playlist form and the import/export dropdown. */
export default function PlaylistsPage({ scope }: PlaylistsPageProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const signedIn = useSession((state) => state.status === 'authenticated');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const playlists = usePlaylists({
    scope,
    page,
    page_size: PLAYLISTS_PAGE_SIZE,
    ordering: '-modification_date',
  });
  const title = scope === 'me' ? t('playlists.myTitle') : t('playlists.title');
  return (
    <article aria-labelledby="playlists-title">
      <h1 id="playlists-title">{title}</h1>
      {signedIn && (
        <section aria-label={t('playlists.form.newTitle')} className="listen-actions">
          <button
            type="button"
            className="ui-button"
            aria-expanded={creating}
            onClick={() => setCreating((open) => !open)}
          >
            {t('playlists.create')}
          </button>
          <PlaylistXspfMenu />
        </section>
      )}
      {creating && (
        <section aria-labelledby="playlist-new-title">
          <h2 id="playlist-new-title">{t('playlists.form.newTitle')}</h2>
          <PlaylistForm playlist={null} onSaved={(saved) => navigate(`/library/playlists/${saved.id}?mode=edit`)} />
        </section>
      )}
      <BrowseResults
        query={playlists}
        page={page}
        paginateBy={PLAYLISTS_PAGE_SIZE}
        onPage={(next) =>
          setParams((current) => {
            const copy = new URLSearchParams(current);
            copy.set('page', String(next));
            return copy;
          })
        }
      >
        {(items) => (
          <ul className="ui-card-grid">
            {items.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </ul>
        )}
      </BrowseResults>
    </article>
  );
}
