import '../playlists.css';
import { apiRequest, useInstance, useSession } from '@shoal/core';
import { useNavigate, useSearchParams } from '@shoal/router';
import { ErrorAlert } from '@shoal/ui';
import { useId, useRef, useState } from 'react';
import { t } from '../../../i18n/playlists';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { errorMessages } from '../../radios/error-messages';
import { PlaylistCard } from '../components/PlaylistCard';
import { PlaylistForm } from '../components/PlaylistForm';
import { addTracks, usePlaylists } from '../queries/playlists';
import { resolveXspf } from '../queries/resolve-xspf';
import type { Playlist } from '../types';
import { parseXspf, XspfError } from '../xspf';

/** calls.md §9.2: playlists are paginated by 25. */
export const PLAYLISTS_PAGE_SIZE = 25;

/** Creates a playlist from an XSPF file: its title (or the file name) and the tracks this pod has. */
function ImportXspf() {
  const id = useId();
  const instanceUrl = useInstance((state) => state.url);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file || !instanceUrl) return;
    setBusy(true);
    setError(null);
    try {
      const parsed = parseXspf(await file.text());
      const { trackIds } = await resolveXspf(parsed, instanceUrl);
      const name = (parsed.title ?? file.name.replace(/\.xspf$/i, '')).slice(0, 50) || file.name;
      const created = await apiRequest<Playlist>('playlists/', {
        method: 'POST',
        json: { name, privacy_level: 'instance', description: parsed.annotation },
      });
      if (trackIds.length) await addTracks(created.id, trackIds, true);
      navigate(`/library/playlists/${created.id}`);
    } catch (failure) {
      setError(failure instanceof XspfError ? [] : errorMessages(failure));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="ui-field">
      <label htmlFor={id}>{t('playlists.xspf.import')}</label>
      <input
        id={id}
        ref={input}
        type="file"
        accept=".xspf,application/xspf+xml,application/xml,text/xml"
        disabled={busy}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      {error && <ErrorAlert title={t('playlists.xspf.invalid')} messages={error} />}
    </div>
  );
}

export interface PlaylistsPageProps {
  /** `me`: only the listener's own playlists (`/library/me/playlists`). */
  scope?: 'me';
}

/** `/library/playlists` and `/library/me/playlists`, with the new-playlist form and the XSPF import. */
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
          <ImportXspf />
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
