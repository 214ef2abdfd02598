import { evaluateGuard, type Requirement, useSession } from '@shoal/core';
import { Navigate, useLocation } from '@shoal/router';
import { type ReactNode, useEffect } from 'react';

function GuardRedirect({ to, log }: { to: string; log?: string }) {
  useEffect(() => {
    if (log) console.log(log);
  }, [log]);
  return <Navigate to={to} replace />;
}

/**
 * Turns a guard decision into either the guarded screen or a redirect (with the spec's console
 * line when it has one). The one place that does so, for host routes and remote routes alike.
 */
export function Guard({ requires, children }: { requires: Requirement | undefined; children: ReactNode }) {
  const authenticated = useSession((state) => state.status === 'authenticated');
  const permissions = useSession((state) => state.permissions);
  const location = useLocation();
  const decision = evaluateGuard(
    requires,
    { authenticated, permissions },
    `${location.pathname}${location.search}${location.hash}`,
  );
  if (!decision.allowed) return <GuardRedirect to={decision.redirectTo} log={decision.log} />;
  return children;
}
