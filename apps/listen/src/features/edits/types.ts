import type { AlbumSummary, Artist, Track } from '../catalogue/types';

/** The objects that take edits (Funkwhale's mutation targets). */
export type EditKind = 'artist' | 'album' | 'track';

export type EditableObject = Artist | AlbumSummary | Track;

/** An edit or suggestion as `mutations/` returns it (product.md §3, Edit or suggestion). */
export interface Mutation {
  uuid: string;
  type: string;
  creation_date: string;
  applied_date?: string | null;
  is_approved: boolean | null;
  is_applied: boolean | null;
  created_by?: { full_username?: string; preferred_username?: string; name?: string } | null;
  approved_by?: unknown;
  summary?: string | null;
  payload: Record<string, unknown>;
  previous_state?: Record<string, { value?: unknown; repr?: unknown } | null> | null;
  target?: { type: string; id: number; repr?: string | null } | null;
}

export type EditStatus = 'pending' | 'approved' | 'applied' | 'rejected';

/** product.md §4: pending, approved, applied, rejected. */
export function editStatus(mutation: Pick<Mutation, 'is_approved' | 'is_applied'>): EditStatus {
  if (mutation.is_approved === null || mutation.is_approved === undefined) return 'pending';
  if (mutation.is_approved === false) return 'rejected';
  return mutation.is_applied ? 'applied' : 'approved';
}

export interface License {
  code: string;
  name: string;
}
