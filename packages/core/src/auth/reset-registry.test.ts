import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_TRACK_STORAGE_PREFIX,
  registerReset,
  resetAfterInstanceChange,
  resetAfterLogout,
} from './reset-registry';

describe('reset registry', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('logout resets the listed stores, session storage and local tracks, but not moderation', () => {
    const queue = vi.fn();
    const moderation = vi.fn();
    const unregisterQueue = registerReset('queue', queue);
    const unregisterModeration = registerReset('moderation', moderation);
    sessionStorage.setItem('oauth-state', 'x');
    localStorage.setItem(`${LOCAL_TRACK_STORAGE_PREFIX}queue`, '[]');
    localStorage.setItem('shoal.instance', '{}');

    resetAfterLogout();

    expect(queue).toHaveBeenCalledTimes(1);
    expect(moderation).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(`${LOCAL_TRACK_STORAGE_PREFIX}queue`)).toBeNull();
    expect(localStorage.getItem('shoal.instance')).toBe('{}');
    unregisterQueue();
    unregisterModeration();
  });

  it('changing pod also resets moderation', () => {
    const moderation = vi.fn();
    const unregister = registerReset('moderation', moderation);
    resetAfterInstanceChange();
    expect(moderation).toHaveBeenCalledTimes(1);
    unregister();
  });
});
