import { lazy, Suspense } from 'react';
import { useContentShown } from '../app/content-shown';
import { t } from '../i18n';

// The player's engine and controls are a chunk of their own, fetched once the page has shown its first
// content (app/content-shown), so a first visit does not wait for them: the region
// itself stays put (it must never be re-created across routes), only its content arrives a moment later.
const PlayerControls = lazy(() => import('../player/ui/PlayerControls'));

/** The host-owned player region: it stays mounted across every route and remote. */
export function PlayerBar() {
  const shown = useContentShown();
  const idle = <p className="host-player__idle">{t('layout.nothingPlaying')}</p>;
  return (
    <section className="host-player player-bar" aria-label={t('layout.player')}>
      {shown ? (
        <Suspense fallback={idle}>
          <PlayerControls />
        </Suspense>
      ) : (
        idle
      )}
    </section>
  );
}
