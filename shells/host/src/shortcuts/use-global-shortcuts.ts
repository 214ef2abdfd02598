import { useEffect } from 'react';
import { handleShortcut } from './actions';

/** Installs the global keyboard shortcuts for as long as the layout is mounted. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void handleShortcut(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
