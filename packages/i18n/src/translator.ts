/**
 * Shoal's i18n layer. Deliberately tiny (well under 1 KB gzip): the first visit to /library has a
 * 140 KB budget with about 5 KB to spare, and i18next (~15 KB gzip) or FormatJS (~20 KB) alone
 * would break it. What the interface needs is covered here: a message catalogue per app, typed
 * keys, `{name}` placeholders, plural forms through the browser's own Intl.PluralRules, and the
 * number and date formats of Intl. Catalogues other than en-US are loaded on demand, and missing
 * keys fall back to en-US.
 */

/** A message: plain text with `{name}` placeholders, or plural forms chosen by `{count}`. */
export type Message =
  | string
  | { one?: string; two?: string; few?: string; many?: string; zero?: string; other: string };
export type Catalogue = Record<string, Message>;
export type Params = Record<string, string | number>;

export const SOURCE_LOCALE = 'en-US';
const LOCALE_EVENT = 'shoal:locale';
const STORAGE_KEY = 'shoal.language';

/**
 * The page's language is held by `<html lang>`: every micro-frontend bundles its own copy of
 * this package (it is not a shared singleton), and the document is the one thing they all see.
 */
export function currentLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || SOURCE_LOCALE;
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Switches the interface language (and remembers it, calls.md §9.4) and tells every app to re-render. */
export function setLocale(locale: string, remember = true): void {
  document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  }
  window.dispatchEvent(new CustomEvent(LOCALE_EVENT, { detail: locale }));
}

export function onLocaleChange(listener: () => void): () => void {
  window.addEventListener(LOCALE_EVENT, listener);
  return () => window.removeEventListener(LOCALE_EVENT, listener);
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, params: Params | undefined, locale: string): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}

export type Translate<Keys extends string> = (key: Keys, params?: Params) => string;

/**
 * One app's translator. `source` is its complete en-US catalogue (it defines the keys); `others`
 * maps a locale to a loader, so a locale's messages are downloaded only when chosen.
 */
export function createTranslator<Source extends Catalogue>(
  source: Source,
  others: Record<string, () => Promise<Partial<Record<keyof Source, Message>>>> = {},
) {
  const loaded = new Map<string, Partial<Record<keyof Source, Message>>>([[SOURCE_LOCALE, source]]);

  const t: Translate<keyof Source & string> = (key, params) => {
    const locale = currentLocale();
    const message = loaded.get(locale)?.[key] ?? source[key];
    if (message === undefined) return key;
    if (typeof message === 'string') return interpolate(message, params, locale);
    const count = Number(params?.count ?? 0);
    const form = message[pluralCategory(locale, count)] ?? message.other;
    return interpolate(form, params, locale);
  };

  /** Fetches the catalogue of `locale` if this app has one; en-US is always there. */
  const load = async (locale: string): Promise<void> => {
    const loader = others[locale];
    if (loaded.has(locale) || !loader) return;
    loaded.set(locale, await loader());
  };

  return { t, load };
}
