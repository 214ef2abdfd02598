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

/** Runs `callback` once the committed content has been painted and the main thread is idle again. */
function afterPaint(callback: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  // The frame callback runs before the paint; the task queued from it runs after. Waiting for the
  // next idle period on top lets the browser finish that frame (and the remote's own follow-up
  // work) before deferred code starts downloading.
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50);
  requestAnimationFrame(() => setTimeout(() => idle(callback), 0));
}

function markShown(): void {
  if (shown) return;
  shown = true;
  resolveShown();
  for (const listener of listeners) listener();
}

/**
 * Calls `callback` once the main region holds the page's title (every Shoal page has one `h1`): a
 * remote's screen commits first with its own loading state, and shows its content when its data came.
 */
function whenTitled(callback: () => void): void {
  const main = typeof document === 'undefined' ? null : document.getElementById('main');
  const titled = () => main?.querySelector('h1') != null;
  if (!main || titled() || typeof MutationObserver !== 'function') {
    callback();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!titled()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(main, { childList: true, subtree: true });
}

/**
 * Called once the route's content was committed; the signal fires after that content is painted.
 * `untitled` content (an error panel) counts as shown as it is.
 */
export function contentCommitted(options: { untitled?: boolean } = {}): void {
  if (shown || holds > 0) return;
  if (options.untitled) afterPaint(markShown);
  else whenTitled(() => afterPaint(markShown));
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
