import { ErrorAlert, Loading, Modal } from '@shoal/ui';
import { useState } from 'react';
import { t } from '../../../i18n/playlists';
import type { Track } from '../../catalogue/types';
import { errorMessages } from '../../radios/error-messages';
import { isDuplicateError, useAddToPlaylist, usePlaylists } from '../queries/playlists';
import type { Playlist } from '../types';

type Outcome =
  | { kind: 'duplicate'; playlist: Playlist }
  | { kind: 'added'; playlist: Playlist }
  | { kind: 'failed'; error: unknown }
  | null;

function PlaylistChoices({ track }: { track: Track }) {
  const playlists = usePlaylists({ scope: 'me', page_size: 100, ordering: '-modification_date' });
  const add = useAddToPlaylist();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const addTo = (playlist: Playlist, allowDuplicates: boolean) => {
    add.mutate(
      { id: playlist.id, trackIds: [track.id], allowDuplicates },
      {
        onSuccess: () => setOutcome({ kind: 'added', playlist }),
        onError: (error) =>
          setOutcome(isDuplicateError(error) ? { kind: 'duplicate', playlist } : { kind: 'failed', error }),
      },
    );
  };
  if (playlists.isPending) return <Loading label={t('common.loading')} />;
  if (playlists.isError) {
    return <ErrorAlert title={t('playlists.failed')} messages={errorMessages(playlists.error)} />;
  }
  return (
    <>
      {outcome?.kind === 'duplicate' && (
        <div className="ui-alert ui-alert--warning" role="alert">
          <p>{t('playlists.add.duplicate', { name: outcome.playlist.name })}</p>
          <button
            type="button"
            className="ui-button"
            disabled={add.isPending}
            onClick={() => addTo(outcome.playlist, true)}
          >
            {t('playlists.add.anyway')}
          </button>
        </div>
      )}
      {outcome?.kind === 'added' && (
        <p role="status">{t('playlists.add.done', { title: track.title, name: outcome.playlist.name })}</p>
      )}
      {outcome?.kind === 'failed' && (
        <ErrorAlert title={t('playlists.add.failed')} messages={errorMessages(outcome.error)} />
      )}
      <h3>{t('playlists.add.choose')}</h3>
      {playlists.data.results.length === 0 ? (
        <p>{t('playlists.add.none')}</p>
      ) : (
        <ul className="listen-playlist-choices">
          {playlists.data.results.map((playlist) => (
            <li key={playlist.id}>
              <button
                type="button"
                className="ui-button ui-button--secondary"
                disabled={add.isPending}
                onClick={() => addTo(playlist, false)}
              >
                {t('playlists.add.to', { name: playlist.name })}
              </button>{' '}
              <span className="listen-meta">{t('common.tracks', { count: playlist.tracks_count })}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The "Add to playlist" modal (product.md §2): the listener's playlists, each a button; a track
 * already in the chosen playlist gives the duplicate warning with "Add anyway". Its own chunk: a
 * track row only needs it once the button is pressed.
 */
export default function AddToPlaylistDialog({ track, onClose }: { track: Track; onClose: () => void }) {
  return (
    <Modal
      open
      title={t('playlists.add.title', { title: track.title })}
      closeLabel={t('playlists.close')}
      onClose={onClose}
    >
      <PlaylistChoices track={track} />
    </Modal>
  );
}
