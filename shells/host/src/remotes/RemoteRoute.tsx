import { matchRemoteRoute, type RemoteManifest } from '@shoal/core';
import { useLocation } from '@shoal/router';
import { Guard } from '../routes/auth/Guard';
import { NotFoundPage } from '../routes/NotFoundPage';
import { RemoteApp } from './RemoteApp';

/**
 * Every path the host does not own: find the remote that owns it, apply its guard, and only then
 * load it, so a refused user never downloads the remote's code.
 */
export function RemoteRoute({ manifest }: { manifest: RemoteManifest }) {
  const location = useLocation();
  const match = matchRemoteRoute(manifest, location.pathname);
  if (!match) return <NotFoundPage />;
  return (
    <Guard requires={match.route.requires}>
      <RemoteApp key={match.remote.name} remote={match.remote} />
    </Guard>
  );
}
