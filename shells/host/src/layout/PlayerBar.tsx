import { lazy, Suspense } from 'react';

// The player's engine and controls are a chunk of their own, fetched right after first paint: the region
// itself stays put (it must never be re-created across routes), only its content arrives a moment later.
const PlayerControls = lazy(() => import('../player/ui/PlayerControls'));

/** The host-owned player region: it stays mounted across every route and remote. */
export function PlayerBar() {
  return (
    <section className="host-player player-bar" aria-label="Player">
      <Suspense fallback={<p className="host-player__idle">Nothing is playing.</p>}>
        <PlayerControls />
      </Suspense>
    </section>
  );
}
