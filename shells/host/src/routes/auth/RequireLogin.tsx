import { evaluateGuard, useSession } from '@shoal/core';
import { Navigate, useLocation } from '@shoal/router';
import type { ReactNode } from 'react';

/** The login guard for host-owned routes, the same rule the remotes' routes get from the manifest. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const authenticated = useSession((state) => state.status === 'authenticated');
  const permissions = useSession((state) => state.permissions);
  const location = useLocation();
  const decision = evaluateGuard(
    'login',
    { authenticated, permissions },
    `${location.pathname}${location.search}${location.hash}`,
  );
  return decision.allowed ? children : <Navigate to={decision.redirectTo} replace />;
}
