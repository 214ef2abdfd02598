import { useSession } from '@shoal/core';
import { lazy, Suspense, useState } from 'react';
import { t } from '../../../i18n/playlists';
import type { Track } from '../../catalogue/types';

const AddToPlaylistDialog = lazy(() => import('./AddToPlaylistDialog'));

/** A track row's "Add to playlist": a modal listing the listener's playlists (product.md §2). */
export function AddToPlaylistButton({ track }: { track: Track }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  return (
    <>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        aria-label={t('playlists.add.buttonTitle', { title: track.title })}
        title={t('playlists.add.buttonTitle', { title: track.title })}
        onClick={() => setOpen(true)}
      >
        {t('playlists.add.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddToPlaylistDialog track={track} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
