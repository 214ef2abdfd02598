import { matchRemoteRoute, type RemoteManifest } from '@shoal/core';
import { useLocation } from '@shoal/router';
import { lazy, Suspense } from 'react';
import { Guard } from '../routes/auth/Guard';
import { RemoteApp } from './RemoteApp';

// Only a path no remote owns shows it: not part of the first visit to a remote's page.
const NotFoundPage = lazy(() => import('../routes/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

/**
 * Every path the host does not own: find the remote that owns it, apply its guard, and only then
 * load it, so a refused user never downloads the remote's code.
 */
export function RemoteRoute({ manifest }: { manifest: RemoteManifest }) {
  const location = useLocation();
  const match = matchRemoteRoute(manifest, location.pathname);
  if (!match)
    return (
      <Suspense>
        <NotFoundPage />
      </Suspense>
    );
  return (
    <Guard requires={match.route.requires}>
      <RemoteApp key={match.remote.name} remote={match.remote} />
    </Guard>
  );
}
