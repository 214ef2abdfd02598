import type { HostMessageKey } from './en-US';

/**
 * The sidebar's entries (layout/navigation.ts, which holds them by path) mapped to their message
 * keys, so the sidebar shows translated labels; an entry missing here keeps its English label.
 */
export const NAV_LABEL_KEYS: Record<string, HostMessageKey> = {
  Listen: 'nav.listen',
  Publish: 'nav.publish',
  Administration: 'nav.administration',
  '/library/explore': 'nav.explore',
  '/library': 'nav.library',
  '/library/artists': 'nav.artists',
  '/library/albums': 'nav.albums',
  '/library/podcasts': 'nav.podcasts',
  '/library/channels': 'nav.channels',
  '/library/radios': 'nav.radios',
  '/library/playlists': 'nav.playlists',
  '/favorites': 'nav.favorites',
  '/content': 'nav.addContent',
  '/manage/settings': 'nav.adminSettings',
  '/manage/users': 'nav.users',
  '/manage/library': 'nav.libraryManagement',
  '/manage/moderation': 'nav.moderation',
  '/settings': 'nav.settings',
};
