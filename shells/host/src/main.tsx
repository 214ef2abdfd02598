import '@shoal/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { whenContentShown } from './app/content-shown';
import { captureUnexpectedErrors } from './banners/banner-state';
import { startUp } from './start-up/start-up';

captureUnexpectedErrors();

const root = document.getElementById('root');
if (root) {
  const { manifest, startPath } = await startUp();
  createRoot(root).render(
    <StrictMode>
      <App initialManifest={manifest} startPath={startPath} />
    </StrictMode>,
  );
  // The service worker (and its new-version check) is registered once the first screen is shown.
  void whenContentShown()
    .then(() => import('./app/service-worker'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
  // The player is not needed to paint the first screen: it starts once that screen is shown; remotes'
  // play calls made before then wait for it (core queues them).
  void whenContentShown()
    .then(() => import('./player/player'))
    .then(({ startPlayer }) => startPlayer());
  // The sidebar's notification counts and the live connection likewise wait for the first screen.
  void whenContentShown()
    .then(() => import('./live/start-live'))
    .then(({ startLive }) => startLive());
}
