import type { Permission } from '@shoal/core';

export interface NavItem {
  to: string;
  label: string;
  /** Shown only to signed-in users, or to those holding this permission. */
  requires?: 'login' | Permission;
}

/** The sidebar's entries (product.md §2, Global surfaces), in the order they appear. */
export const NAV_SECTIONS: { label: string; items: NavItem[] }[] = [
  {
    label: 'Listen',
    items: [
      { to: '/library/explore', label: 'Explore' },
      { to: '/library', label: 'Library' },
      { to: '/library/podcasts', label: 'Podcasts' },
      { to: '/library/channels', label: 'Channels' },
      { to: '/library/radios', label: 'Radios' },
      { to: '/library/playlists', label: 'Playlists' },
      { to: '/favorites', label: 'Favorites', requires: 'login' },
    ],
  },
  {
    label: 'Publish',
    items: [{ to: '/content', label: 'Add content', requires: 'login' }],
  },
  {
    label: 'Administration',
    items: [
      { to: '/manage/settings', label: 'Administration', requires: 'settings' },
      { to: '/manage/users', label: 'Users', requires: 'settings' },
      { to: '/manage/library', label: 'Library management', requires: 'library' },
      { to: '/manage/moderation', label: 'Moderation', requires: 'moderation' },
      { to: '/settings', label: 'Settings', requires: 'login' },
    ],
  },
];

export function isNavItemVisible(
  item: NavItem,
  authenticated: boolean,
  permissions: Record<Permission, boolean>,
): boolean {
  if (!item.requires) return true;
  if (!authenticated) return false;
  return item.requires === 'login' || permissions[item.requires];
}
