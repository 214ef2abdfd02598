import '@shoal/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/service-worker';
import { startUp } from './start-up/start-up';

const root = document.getElementById('root');
if (root) {
  const { manifest, startPath } = await startUp();
  createRoot(root).render(
    <StrictMode>
      <App initialManifest={manifest} startPath={startPath} />
    </StrictMode>,
  );
  registerServiceWorker();
  // The player is not needed to paint the first screen; remotes' play calls wait for it (core queues them).
  void import('./player/player').then(({ startPlayer }) => startPlayer());
}
