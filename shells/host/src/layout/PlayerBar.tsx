import { lazy, Suspense } from 'react';
import { useContentShown } from '../app/content-shown';

// The player's engine and controls are a chunk of their own, fetched once the page has shown its first
// content (app/content-shown), so a first visit does not wait for them: the region
// itself stays put (it must never be re-created across routes), only its content arrives a moment later.
const PlayerControls = lazy(() => import('../player/ui/PlayerControls'));

/** The host-owned player region: it stays mounted across every route and remote. */
export function PlayerBar() {
  const shown = useContentShown();
  const idle = <p className="host-player__idle">Nothing is playing.</p>;
  return (
    <section className="host-player player-bar" aria-label="Player">
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
