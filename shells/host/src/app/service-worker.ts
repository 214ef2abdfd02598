import { bannerStore } from '../banners/banner-state';

/**
 * Registers `/serviceWorker.js` with scope `/` (calls.md §7.10); a failure is logged, never fatal.
 * A new worker that installs while a page is already controlled is a new version: the banner offers
 * to switch to it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/serviceWorker.js', { scope: '/' })
    .then((registration) => {
      const offer = (worker: ServiceWorker | null) => {
        if (worker && navigator.serviceWorker.controller) bannerStore.setState({ waitingWorker: worker });
      };
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate(worker: ServiceWorker): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage('skipWaiting');
}
