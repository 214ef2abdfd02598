/** Registers `/serviceWorker.js` with scope `/` (calls.md §7.10); a failure is logged, never fatal. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/serviceWorker.js', { scope: '/' }).catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}
