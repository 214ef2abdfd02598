// Shoal's service worker. It caches nothing yet: it exists so a new deployment can be announced
// (the page shows an update banner when a new worker waits) and activated on the user's word.
self.addEventListener('install', () => {});
self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
