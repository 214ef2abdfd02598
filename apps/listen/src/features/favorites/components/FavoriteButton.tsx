import { useSession } from '@shoal/core';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import type { Track } from '../../catalogue/types';
import { useFavoriteIds, useToggleFavorite } from '../queries';

/** The heart on a track row or page: pressed when the track is a favorite. Signed-in listeners only. */
export function FavoriteButton({ track }: { track: Pick<Track, 'id' | 'title'> }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  if (!signedIn) return null;
  const favorite = ids.data?.includes(track.id) ?? false;
  return (
    <button
      type="button"
      className={`ui-button ui-button--secondary listen-favorite${favorite ? ' listen-favorite--on' : ''}`}
      aria-pressed={favorite}
      aria-label={t('favorites.toggle', { title: track.title })}
      title={favorite ? t('favorites.remove') : t('favorites.add')}
      disabled={!ids.isSuccess && !ids.isError}
      onClick={() => toggle.mutate({ track, favorite: !favorite })}
    >
      <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
    </button>
  );
}
