import type { ApiSchema } from '@shoal/core';

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type PrivacyLevel = 'me' | 'instance' | 'everyone';
export const PRIVACY_LEVELS: readonly PrivacyLevel[] = ['everyone', 'me', 'instance'];

/** `libraries/` answers for the owner (schema LibraryForOwner). */
export interface OwnLibrary {
  uuid: string;
  fid: string;
  name: string;
  description?: string | null;
  privacy_level: PrivacyLevel;
  uploads_count: number;
  size: number;
  creation_date: string;
  actor?: ApiSchema<'APIActor'> | null;
}

export type ImportStatusValue = 'draft' | 'pending' | 'finished' | 'errored' | 'skipped';

/** `uploads/` answers (schema UploadForOwner): the fields read here. */
export interface OwnUpload {
  uuid: string;
  filename?: string | null;
  creation_date: string;
  size: number | null;
  import_status: ImportStatusValue;
  import_details?: { error_code?: string; detail?: unknown } | null;
  import_date?: string | null;
  library?: string | null;
  track?: { id: number; title: string; artist_credit?: { credit?: string }[] } | null;
}

/** `federation/follows/library/` answers (schema LibraryFollow); approved null means pending. */
export interface LibraryFollow {
  uuid: string;
  creation_date: string;
  approved: boolean | null;
  target: string | RemoteLibrary;
  actor: ApiSchema<'APIActor'>;
}

export interface LibraryScan {
  total_files?: number;
  processed_files?: number;
  errored_files?: number;
  status?: string;
  creation_date?: string;
  modification_date?: string;
}

/** A library seen from outside (schema Library). */
export interface RemoteLibrary {
  uuid: string;
  fid: string;
  name: string;
  description?: string | null;
  uploads_count: number;
  privacy_level?: PrivacyLevel;
  actor: ApiSchema<'APIActor'>;
  follow?: { uuid: string; approved: boolean | null } | null;
  latest_scan?: LibraryScan | null;
}

/** `users/me/` quota_status: every figure a size in MB, as the real pod sends them. */
export interface QuotaStatus {
  max: number | null;
  remaining: number | null;
  current: number;
  errored?: number;
  pending?: number;
  skipped?: number;
  finished?: number;
  draft?: number;
}
