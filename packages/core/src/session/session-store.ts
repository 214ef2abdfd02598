import { createStore } from 'zustand';
import { registerReset } from '../auth/reset-registry';
import type { Permission } from '../remotes/manifest';

/** The fields of `users/me/` the client relies on (product.md §3, User profile). */
export interface Profile {
  id: number;
  username: string;
  full_username: string;
  email?: string;
  permissions: Partial<Record<Permission, boolean>>;
  tokens?: { listen?: string };
  avatar?: { urls?: { small_square_crop?: string | null; medium_square_crop?: string | null } } | null;
  /** When the "support this pod" prompt is next due (null: never). */
  instance_support_message_display_date?: string | null;
  /** When the "support the project" prompt is next due (null: never). */
  funkwhale_support_message_display_date?: string | null;
}

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  profile: Profile | null;
  permissions: Record<Permission, boolean>;
}

const NO_PERMISSIONS: Record<Permission, boolean> = { settings: false, library: false, moderation: false };

export const sessionStore = createStore<SessionState>(() => ({
  status: 'unknown',
  profile: null,
  permissions: NO_PERMISSIONS,
}));

export function setProfile(profile: Profile): void {
  sessionStore.setState({
    status: 'authenticated',
    profile,
    permissions: {
      settings: Boolean(profile.permissions.settings),
      library: Boolean(profile.permissions.library),
      moderation: Boolean(profile.permissions.moderation),
    },
  });
}

export function markAnonymous(): void {
  sessionStore.setState({ status: 'anonymous', profile: null, permissions: NO_PERMISSIONS });
}

registerReset('auth', markAnonymous);
