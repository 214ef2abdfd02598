import { describe, expect, it } from 'vitest';
import { LOCALES, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it('offers the 32 interface languages', () => {
    expect(LOCALES).toHaveLength(32);
  });

  it('takes an exact match first, in any spelling', () => {
    expect(negotiateLocale(['pt-BR', 'fr'])).toBe('pt-BR');
    expect(negotiateLocale(['en_gb'])).toBe('en-GB');
  });

  it('prefers an exact match further down the list over a prefix match earlier', () => {
    expect(negotiateLocale(['fr-CA', 'de'])).toBe('de');
  });

  it('falls back to the language prefix', () => {
    expect(negotiateLocale(['fr-CA'])).toBe('fr');
    expect(negotiateLocale(['pt'])).toBe('pt-BR');
  });

  it('falls back to the stored language, then en-US', () => {
    expect(negotiateLocale(['xx-YY'], undefined, 'it')).toBe('it');
    expect(negotiateLocale(['xx-YY'], undefined, 'zz')).toBe('en-US');
    expect(negotiateLocale([])).toBe('en-US');
  });

  it('works on a shorter list of available catalogues', () => {
    expect(negotiateLocale(['fr-FR', 'en-GB'], ['en-US'])).toBe('en-US');
  });
});
