import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('keeps bytes below the base whole', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1023, { base: 1024 })).toBe('1,023 B');
  });

  it('uses base 1000 with one decimal by default', () => {
    expect(formatSize(1000)).toBe('1.0 kB');
    expect(formatSize(1_500_000)).toBe('1.5 MB');
    expect(formatSize(3_210_000_000)).toBe('3.2 GB');
    expect(formatSize(1e24)).toBe('1.0 YB');
  });

  it('uses binary units with base 1024', () => {
    expect(formatSize(1024, { base: 1024 })).toBe('1.0 KiB');
    expect(formatSize(5 * 1024 * 1024, { base: 1024 })).toBe('5.0 MiB');
  });

  it('carries a rounded 1000.0 over to the next unit', () => {
    expect(formatSize(999_960)).toBe('1.0 MB');
  });

  it('stops at the largest unit', () => {
    expect(formatSize(2e27)).toBe('2,000.0 YB');
  });
});
