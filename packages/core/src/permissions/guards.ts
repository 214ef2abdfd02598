import type { Permission, Requirement } from '../remotes/manifest';

export interface GuardSubject {
  authenticated: boolean;
  permissions: Record<Permission, boolean>;
}

export type GuardDecision = { allowed: true } | { allowed: false; redirectTo: string; log?: string };

/** The named route `library.index`, where refused permission checks land. */
export const LIBRARY_INDEX = '/library';
export const GUARD_REFUSAL_LOG = 'Not authenticated. Redirecting to library.';

/**
 * Applies product.md §6: login-only routes send anonymous users to the login page with the full
 * path as `next`; permission routes send anyone lacking the permission to the library.
 */
export function evaluateGuard(
  requires: Requirement | undefined,
  subject: GuardSubject,
  fullPath: string,
): GuardDecision {
  if (!requires) return { allowed: true };
  if (requires === 'login') {
    if (subject.authenticated) return { allowed: true };
    return { allowed: false, redirectTo: `/login?next=${encodeURIComponent(fullPath)}` };
  }
  if (subject.authenticated && subject.permissions[requires]) return { allowed: true };
  return { allowed: false, redirectTo: LIBRARY_INDEX, log: GUARD_REFUSAL_LOG };
}
