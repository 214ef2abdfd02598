/** The host-owned player region: it stays mounted across every route and remote. */
export function PlayerBar() {
  return (
    <section className="host-player" aria-label="Player">
      <p className="host-player__idle">Nothing is playing.</p>
    </section>
  );
}
