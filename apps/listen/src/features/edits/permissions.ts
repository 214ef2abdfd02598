import type { SessionState } from '@shoal/core';

export interface EditRights {
  /** Edits apply at once (library permission). */
  edit: boolean;
  /** Edits are sent as suggestions for review (signed in, no library permission). */
  suggest: boolean;
}

/**
 * product.md §6: users without edit permission can only suggest edits, which are reviewed;
 * remote (federated) objects cannot be edited; anonymous visitors can do neither.
 */
export function editRights(
  session: Pick<SessionState, 'status' | 'permissions'>,
  object: { is_local?: boolean } | null | undefined,
): EditRights {
  const signedIn = session.status === 'authenticated';
  const local = object?.is_local !== false;
  return {
    edit: signedIn && local && session.permissions.library,
    suggest: signedIn && local && !session.permissions.library,
  };
}
