import { useEffect } from 'react';
import { t } from '../../i18n';
import { hasUploadInProgress, uploadStore } from './upload-store';

/** Where the upload screens live: moving between them is not leaving. */
export function isUploadPath(pathname: string): boolean {
  return pathname === '/upload' || pathname.startsWith('/upload/');
}

function uploading(): boolean {
  return hasUploadInProgress(uploadStore.getState().groups);
}

/** The link a click would follow inside this page, or null for anything else. */
export function internalDestination(event: MouseEvent, origin = window.location.origin): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  ) {
    return null;
  }
  const url = new URL(anchor.href, window.location.href);
  return url.origin === origin ? url : null;
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!uploading()) return;
  event.preventDefault();
  // Older browsers show this text; current ones show their own wording.
  event.returnValue = t('upload.leave');
}

let unloadGuardInstalled = false;

/**
 * Closing or reloading the tab while a file is being sent asks first. Installed once and kept:
 * the queue outlives the upload screens (it keeps sending after in-app navigation elsewhere).
 */
export function installUnloadGuard(): void {
  if (unloadGuardInstalled) return;
  unloadGuardInstalled = true;
  window.addEventListener('beforeunload', onBeforeUnload);
}

/**
 * calls.md §7.8: leaving the page while a file is being sent asks first, both for a link out of
 * the upload screens and for closing or reloading the tab.
 */
export function useLeavePrompt(confirm: (message: string) => boolean = (message) => window.confirm(message)): void {
  useEffect(() => {
    installUnloadGuard();
    const onClick = (event: MouseEvent) => {
      if (!uploading()) return;
      const destination = internalDestination(event);
      if (!destination || isUploadPath(destination.pathname)) return;
      if (!confirm(t('upload.leave'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [confirm]);
}
