import type { ReactNode } from 'react';
import { Guard } from './Guard';

/** The login guard for host-owned routes, the same rule the remotes' routes get from the manifest. */
export function RequireLogin({ children }: { children: ReactNode }) {
  return <Guard requires="login">{children}</Guard>;
}
