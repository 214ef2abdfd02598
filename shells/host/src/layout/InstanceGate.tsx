import { useInstance } from '@shoal/core';
import { Navigate, useLocation } from '@shoal/router';
import type { ReactNode } from 'react';

/** While no pod is chosen, every navigation leads to the instance chooser (product.md §2). */
export function InstanceGate({ children }: { children: ReactNode }) {
  const url = useInstance((state) => state.url);
  const location = useLocation();
  if (url || location.pathname === '/instance-chooser') return children;
  const target = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`/instance-chooser?next=${encodeURIComponent(target)}`} replace />;
}
