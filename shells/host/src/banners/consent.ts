import { readCookie } from '@shoal/core';

/** calls.md §8.2: the reporting consent lives in the `allow-tracing` cookie, `yes` or `no`. */
export const CONSENT_COOKIE = 'allow-tracing';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export type Consent = 'yes' | 'no' | null;

export function readConsent(cookies?: string): Consent {
  const value = readCookie(CONSENT_COOKIE, cookies);
  return value === 'yes' || value === 'no' ? value : null;
}

export function writeConsent(value: 'yes' | 'no'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is what the consent is (calls.md §8.2).
  document.cookie = `${CONSENT_COOKIE}=${value}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}
