import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, currentLocale, setLocale, storedLocale } from './translator';

const source = {
  hello: 'Hello {name}',
  tracks: { one: '{count} track', other: '{count} tracks' },
  only: 'Only in English',
};

afterEach(() => {
  document.documentElement.lang = '';
  localStorage.clear();
});

describe('createTranslator', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    const { t } = createTranslator(source);
    expect(t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('hello')).toBe('Hello {name}');
  });

  it('chooses plural forms and formats the count for the locale', () => {
    const { t } = createTranslator(source);
    expect(t('tracks', { count: 1 })).toBe('1 track');
    expect(t('tracks', { count: 1200 })).toBe('1,200 tracks');
  });

  it('uses a loaded catalogue and falls back to en-US for missing keys', async () => {
    const { t, load } = createTranslator(source, { fr: async () => ({ hello: 'Bonjour {name}' }) });
    await load('fr');
    setLocale('fr');
    expect(currentLocale()).toBe('fr');
    expect(storedLocale()).toBe('fr');
    expect(t('hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(t('only')).toBe('Only in English');
  });
});
