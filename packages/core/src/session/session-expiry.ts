import { markAnonymous } from './session-store';

type ExpiredHandler = (currentPath: string) => void;

let onExpired: ExpiredHandler = (currentPath) => {
  window.location.assign(`/login?next=${encodeURIComponent(currentPath)}`);
};

/** The host replaces the default full-page redirect with a router navigation. */
export function setSessionExpiredHandler(handler: ExpiredHandler): void {
  onExpired = handler;
}

/**
 * A cookie session the pod no longer accepts (calls.md §7.1): the user becomes anonymous and is
 * sent to log in again, coming back to where they were.
 */
export function handleSessionExpired(): void {
  markAnonymous();
  onExpired(`${window.location.pathname}${window.location.search}${window.location.hash}`);
}
