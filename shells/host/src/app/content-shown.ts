import { useSyncExternalStore } from 'react';

/**
 * "The page has shown its content": the first route's own content (a host page, a remote's screen or
 * its error panel) has been committed and painted. Code the first paint does not need (the player's
 * engine and controls, the live-events socket) waits for it, so a first visit downloads only what it
 * shows. A remote that is still loading holds the signal until its screen has rendered.
 */

/** Gives up waiting after this long, so a hung remote never keeps the player away. */
export const CONTENT_SHOWN_TIMEOUT_MS = 8000;

let shown = false;
let holds = 0;
const listeners = new Set<() => void>();
let resolveShown: () => void = () => {};
const shownPromise = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

function afterPaint(callback: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  // The frame callback runs before the paint; the task queued from it runs after.
  requestAnimationFrame(() => setTimeout(callback, 0));
}

function markShown(): void {
  if (shown) return;
  shown = true;
  resolveShown();
  for (const listener of listeners) listener();
}

/** Called once the route's content was committed; the signal fires after the next paint. */
export function contentCommitted(): void {
  if (shown || holds > 0) return;
  afterPaint(markShown);
}

/** A remote is loading: its content is not on screen yet. Returns the release. */
export function holdContentShown(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/** Resolves after the first content has been painted (or after the timeout). */
export function whenContentShown(): Promise<void> {
  return shownPromise;
}

export function isContentShown(): boolean {
  return shown;
}

export function useContentShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isContentShown,
    isContentShown,
  );
}

if (typeof window !== 'undefined') setTimeout(markShown, CONTENT_SHOWN_TIMEOUT_MS);
