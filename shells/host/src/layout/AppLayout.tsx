import { useSession } from '@shoal/core';
import { Outlet, useLocation } from '@shoal/router';
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { contentCommitted, useContentShown } from '../app/content-shown';
import { t } from '../i18n';
import { MessageToasts } from '../messages/MessageToasts';
import { shortcutsModalStore } from '../shortcuts/actions';
import { useGlobalShortcuts } from '../shortcuts/use-global-shortcuts';
import { InstanceGate } from './InstanceGate';
import { PlayerBar } from './PlayerBar';
import { Sidebar } from './Sidebar';
import './layout.css';
import '../messages/surfaces.css';

// The shortcuts modal is rarely opened: its code loads the first time it is.
const ShortcutsModal = lazy(() => import('../shortcuts/ShortcutsModal'));
// The support prompts are for signed-in users and never part of the first screen.
const SupportPrompts = lazy(() => import('../support/SupportPrompts'));
// Banners (new version, unexpected error, reporting consent) come once the first screen is shown. They
// come after the page's content, so appearing never moves what is already on screen (no layout shift
// under a pointer about to click) nor covers it.
const Banners = lazy(() => import('../banners/Banners'));

export function AppLayout() {
  useGlobalShortcuts();
  const shortcutsOpen = useStore(shortcutsModalStore, (state) => state.open);
  const { pathname } = useLocation();
  const shown = useContentShown();
  const authenticated = useSession((state) => state.status === 'authenticated');
  // A host page is on screen once committed; a loading remote holds this until its screen renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked after each navigation.
  useEffect(() => contentCommitted(), [pathname]);
  return (
    <div className="host-layout">
      <a className="host-skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <Sidebar />
      <main id="main" className="host-main" tabIndex={-1}>
        <InstanceGate>
          <Outlet />
          {shown && authenticated && (
            <Suspense>
              <SupportPrompts />
            </Suspense>
          )}
        </InstanceGate>
        {shown && (
          <Suspense>
            <Banners />
          </Suspense>
        )}
      </main>
      <PlayerBar />
      <MessageToasts />
      {shortcutsOpen && (
        <Suspense>
          <ShortcutsModal />
        </Suspense>
      )}
    </div>
  );
}
