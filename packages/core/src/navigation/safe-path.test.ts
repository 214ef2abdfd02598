import { describe, expect, it } from 'vitest';
import { toSameOriginPath } from './safe-path';

describe('toSameOriginPath', () => {
  it.each([
    ['/library', '/library'],
    ['/library/albums/3?page=2#top', '/library/albums/3?page=2#top'],
    ['/@alice', '/@alice'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(toSameOriginPath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/library',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'library',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
  ])('refuses %j', (raw) => {
    expect(toSameOriginPath(raw)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(toSameOriginPath(null)).toBeNull();
    expect(toSameOriginPath(undefined)).toBeNull();
  });
});
