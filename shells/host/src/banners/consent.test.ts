import { afterEach, describe, expect, it } from 'vitest';
import { readConsent, writeConsent } from './consent';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the consent cookie.
  document.cookie = 'allow-tracing=; path=/; max-age=0';
});

describe('reporting consent', () => {
  it('reads yes, no or unset from the allow-tracing cookie', () => {
    expect(readConsent('a=1; allow-tracing=yes')).toBe('yes');
    expect(readConsent('allow-tracing=no')).toBe('no');
    expect(readConsent('allow-tracing=maybe')).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('writes the answer into the cookie', () => {
    writeConsent('no');
    expect(readConsent()).toBe('no');
    writeConsent('yes');
    expect(readConsent()).toBe('yes');
  });
});
