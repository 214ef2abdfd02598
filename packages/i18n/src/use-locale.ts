import { useSyncExternalStore } from 'react';
import { currentLocale, onLocaleChange } from './translator';

/** The interface language; components that call it re-render when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
}
