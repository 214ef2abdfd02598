import { evaluateGuard, matchRemoteRoute, type RemoteManifest, useSession } from '@shoal/core';
import { Navigate, useLocation } from '@shoal/router';
import { useEffect } from 'react';
import { NotFoundPage } from '../routes/NotFoundPage';
import { RemoteApp } from './RemoteApp';

function GuardRedirect({ to, log }: { to: string; log?: string }) {
  useEffect(() => {
    if (log) console.log(log);
  }, [log]);
  return <Navigate to={to} replace />;
}

/**
 * Every path the host does not own: find the remote that owns it, apply its guard, and only then
 * load it, so a refused user never downloads the remote's code.
 */
export function RemoteRoute({ manifest }: { manifest: RemoteManifest }) {
  const location = useLocation();
  const authenticated = useSession((state) => state.status === 'authenticated');
  const permissions = useSession((state) => state.permissions);
  const match = matchRemoteRoute(manifest, location.pathname);
  if (!match) return <NotFoundPage />;
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = evaluateGuard(match.route.requires, { authenticated, permissions }, fullPath);
  if (!decision.allowed) return <GuardRedirect to={decision.redirectTo} log={decision.log} />;
  return <RemoteApp key={match.remote.name} remote={match.remote} />;
}
