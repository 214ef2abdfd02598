import { useSession } from '@shoal/core';
import { useNavigate } from '@shoal/router';
import { ConfirmButton } from '@shoal/ui';
import { t } from '../../../i18n/browse';
import type { Artist } from '../../catalogue/types';
import { useHiddenArtistIds, useHideArtist } from '../queries';

/** "Hide content": asks first, then hides the artist everywhere and leaves their page. */
export function HideArtistButton({ artist }: { artist: Pick<Artist, 'id' | 'name'> }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const hidden = useHiddenArtistIds();
  const hide = useHideArtist();
  const navigate = useNavigate();
  if (!signedIn || hidden.has(artist.id)) return null;
  return (
    <ConfirmButton
      title={t('contentFilters.confirmTitle', { name: artist.name })}
      message={t('contentFilters.confirmBody')}
      confirmLabel={t('contentFilters.hide')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      disabled={hide.isPending}
      onConfirm={() => hide.mutate(artist, { onSuccess: () => navigate('/library/artists') })}
    >
      {t('contentFilters.hide')}
    </ConfirmButton>
  );
}
