/** The interface languages offered (calls.md §9.4), each named in its own language. */
export const LOCALES: readonly { code: string; name: string }[] = [
  { code: 'ar', name: 'العربية' },
  { code: 'ca', name: 'Català' },
  { code: 'ca-valencia', name: 'Català (Valencià)' },
  { code: 'cs', name: 'Čeština' },
  { code: 'de', name: 'Deutsch' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'en-GB', name: 'English (UK)' },
  { code: 'en-US', name: 'English (United States)' },
  { code: 'eo', name: 'Esperanto' },
  { code: 'es', name: 'Español' },
  { code: 'eu', name: 'Euskara' },
  { code: 'fa', name: 'فارسی' },
  { code: 'fr', name: 'Français' },
  { code: 'gl', name: 'Galego' },
  { code: 'hu', name: 'Magyar' },
  { code: 'it', name: 'Italiano' },
  { code: 'ja', name: '日本語' },
  { code: 'kab', name: 'Taqbaylit' },
  { code: 'ko', name: '한국어' },
  { code: 'ml', name: 'മലയാളം' },
  { code: 'nb-NO', name: 'Norsk bokmål' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'nn-NO', name: 'Norsk nynorsk' },
  { code: 'oc', name: 'Occitan' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'pt-PT', name: 'Português (Portugal)' },
  { code: 'ru', name: 'Русский' },
  { code: 'sq', name: 'Shqip' },
  { code: 'sv', name: 'Svenska' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
];

export const DEFAULT_LOCALE = 'en-US';

/** `en_US`, `EN-us` and `en-US` are one locale: compare in one spelling. */
const normalise = (code: string) => code.trim().replace(/_/g, '-').toLowerCase();
const language = (code: string) => normalise(code).split('-')[0] ?? '';

/**
 * The interface language for a browser (calls.md §9.4): the first preferred language offered
 * exactly, else the first whose language part matches an offered one, else the stored choice
 * (if still offered), else en-US.
 */
export function negotiateLocale(
  preferred: readonly string[],
  available: readonly string[] = LOCALES.map((locale) => locale.code),
  stored: string | null = null,
  fallback: string = DEFAULT_LOCALE,
): string {
  for (const wanted of preferred) {
    const exact = available.find((code) => normalise(code) === normalise(wanted));
    if (exact) return exact;
  }
  for (const wanted of preferred) {
    const prefix = language(wanted);
    if (!prefix) continue;
    const match = available.find((code) => language(code) === prefix);
    if (match) return match;
  }
  if (stored) {
    const kept = available.find((code) => normalise(code) === normalise(stored));
    if (kept) return kept;
  }
  return fallback;
}
