import { describe, expect, it } from 'vitest';
import { childPath, crumbs, defaultReference, isRunning, parentPath } from './queries';

describe('server folder paths', () => {
  it('splits a path into breadcrumbs and walks up and down', () => {
    expect(crumbs('')).toEqual([]);
    expect(crumbs('a/b c')).toEqual([
      { name: 'a', path: 'a' },
      { name: 'b c', path: 'a/b c' },
    ]);
    expect(childPath('', 'a')).toBe('a');
    expect(childPath('a', 'b')).toBe('a/b');
    expect(parentPath('a/b')).toBe('a');
    expect(parentPath('a')).toBe('');
    expect(parentPath('')).toBe('');
  });

  it('makes a readable reference within the pod’s 50 characters', () => {
    const reference = defaultReference(new Date(2026, 10, 3, 9, 5));
    expect(reference).toBe('server-import-2026-11-03-0905');
    expect(reference.length).toBeLessThanOrEqual(50);
  });

  it('knows which statuses still run', () => {
    expect(isRunning({ status: 'pending', reference: 'r', logs: [] })).toBe(true);
    expect(isRunning({ status: 'started', reference: 'r', logs: [] })).toBe(true);
    for (const status of ['finished', 'canceled', 'errored'] as const) {
      expect(isRunning({ status, reference: 'r', logs: [] })).toBe(false);
    }
    expect(isRunning(null)).toBe(false);
  });
});
