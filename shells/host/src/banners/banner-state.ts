import { createStore } from 'zustand';

/**
 * What the banners show (product.md §2, Global surfaces): a new version waiting, an unexpected error.
 * These few lines are in the first-paint bundle so nothing that happens early is missed; the banners
 * themselves load after the first screen.
 */
export interface BannerState {
  /** The new service worker waiting to take over, when a new version was deployed. */
  waitingWorker: ServiceWorker | null;
  /** An error nothing handled (calls.md §8.2), until dismissed. */
  unexpectedError: boolean;
}

export const bannerStore = createStore<BannerState>(() => ({ waitingWorker: null, unexpectedError: false }));

/** Errors nobody caught raise the unexpected-error banner; handled ones never reach these events. */
export function captureUnexpectedErrors(target: Window = window): void {
  const raise = () => bannerStore.setState({ unexpectedError: true });
  target.addEventListener('error', (event) => {
    // A resource that failed to load (an image, calls.md §8.2) is not an application error.
    if (event instanceof ErrorEvent) raise();
  });
  target.addEventListener('unhandledrejection', (event) => {
    // A cancelled request is not an error.
    if (event.reason instanceof DOMException && event.reason.name === 'AbortError') return;
    raise();
  });
}
