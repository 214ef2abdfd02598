import { describe, expect, it } from 'vitest';
import { matchRemoteRoute, parseRemoteManifest } from './manifest';

const manifest = parseRemoteManifest({
  remotes: [
    {
      name: 'listen',
      entry: '/apps/listen/remoteEntry.js',
      routes: [{ path: '/library' }, { path: '/favorites', requires: 'login' }, { path: '/@*' }],
    },
    {
      name: 'manage',
      entry: '/apps/manage/remoteEntry.js',
      routes: [{ path: '/manage' }, { path: '/manage/settings', requires: 'settings' }],
    },
  ],
});

describe('matchRemoteRoute', () => {
  it('matches a prefix segment by segment', () => {
    expect(matchRemoteRoute(manifest, '/library/albums/3')?.remote.name).toBe('listen');
    expect(matchRemoteRoute(manifest, '/library')?.remote.name).toBe('listen');
    expect(matchRemoteRoute(manifest, '/libraryfoo')).toBeNull();
  });

  it('matches a wildcard continuation for profiles', () => {
    expect(matchRemoteRoute(manifest, '/@alice@pod.example')?.remote.name).toBe('listen');
  });

  it('prefers the most specific route so its guard applies', () => {
    expect(matchRemoteRoute(manifest, '/manage/settings/music')?.route.requires).toBe('settings');
    expect(matchRemoteRoute(manifest, '/manage/other')?.route.requires).toBeUndefined();
  });

  it('leaves host routes alone', () => {
    expect(matchRemoteRoute(manifest, '/login')).toBeNull();
  });
});

describe('parseRemoteManifest', () => {
  it('drops malformed entries and unknown requirements without failing', () => {
    const parsed = parseRemoteManifest({
      remotes: [
        { name: 'ok', entry: '/e.js', routes: [{ path: '/x', requires: 'root' }, { path: 'relative' }] },
        { name: 42, entry: '/e.js', routes: [] },
        null,
      ],
    });
    expect(parsed).toEqual({ remotes: [{ name: 'ok', entry: '/e.js', routes: [{ path: '/x' }] }] });
  });

  it('reads garbage as an empty manifest', () => {
    expect(parseRemoteManifest('nope')).toEqual({ remotes: [] });
  });
});
