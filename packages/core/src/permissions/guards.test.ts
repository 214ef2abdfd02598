import { describe, expect, it } from 'vitest';
import { evaluateGuard, GUARD_REFUSAL_LOG } from './guards';

const anonymous = { authenticated: false, permissions: { settings: false, library: false, moderation: false } };
const moderator = { authenticated: true, permissions: { settings: false, library: false, moderation: true } };

describe('evaluateGuard', () => {
  it('lets anyone through an unguarded route', () => {
    expect(evaluateGuard(undefined, anonymous, '/library')).toEqual({ allowed: true });
  });

  it('sends anonymous visitors of a login route to the login page with the full path', () => {
    expect(evaluateGuard('login', anonymous, '/favorites?page=2')).toEqual({
      allowed: false,
      redirectTo: '/login?next=%2Ffavorites%3Fpage%3D2',
    });
    expect(evaluateGuard('login', moderator, '/favorites')).toEqual({ allowed: true });
  });

  it('sends users without the permission to the library and says why in the console', () => {
    expect(evaluateGuard('settings', moderator, '/manage/settings')).toEqual({
      allowed: false,
      redirectTo: '/library',
      log: GUARD_REFUSAL_LOG,
    });
    expect(evaluateGuard('settings', anonymous, '/manage/settings')).toMatchObject({ redirectTo: '/library' });
    expect(evaluateGuard('moderation', moderator, '/manage/moderation')).toEqual({ allowed: true });
  });
});
