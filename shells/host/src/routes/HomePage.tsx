import { useSession } from '@shoal/core';
import { Link, Navigate } from '@shoal/router';

/** `/`: signed-in listeners go straight to their library; visitors get a welcome. */
export function HomePage() {
  const authenticated = useSession((state) => state.status === 'authenticated');
  if (authenticated) return <Navigate to="/library" replace />;
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Welcome to Shoal</h1>
      <p>Listen to the music and podcasts shared on this pod, and follow what people publish.</p>
      <p>
        <Link to="/library">Browse the library</Link> or <Link to="/login">log in</Link>.
      </p>
    </section>
  );
}
