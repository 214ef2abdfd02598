import { createTranslator, setLocale, storedLocale } from '@shoal/i18n';
import { negotiateLocale } from '@shoal/text';
import { enUS } from './en-US';

/**
 * The host's translator. The i18n layer is home-made and under 1 KB gzip (see @shoal/i18n): the
 * first visit to /library has a 140 KB budget that i18next (~15 KB gzip) would break on its own.
 */
export const { t, load } = createTranslator(enUS);

/** Locales with a catalogue today; the other offered locales join as their catalogues arrive. */
export const AVAILABLE_LOCALES = ['en-US'];

/**
 * Chooses the interface language at start (calls.md §9.4): the browser's preferences, exact match
 * then language prefix, else the stored choice, else en-US. Not stored, so a later browser change
 * still counts; only an explicit choice in settings is remembered.
 */
export function startLocale(preferred: readonly string[] = navigator.languages ?? [navigator.language]): string {
  const locale = negotiateLocale(preferred, AVAILABLE_LOCALES, storedLocale());
  setLocale(locale, false);
  return locale;
}
