import { apiRequest } from '@shoal/core';
import { useMutation, useQuery, useQueryClient } from '@shoal/query';
import { contentKeys } from '../../common/query-keys';

/** One entry of a server folder, as `GET libraries/fs-import/` lists it. */
export interface FolderEntry {
  name: string;
  dir: boolean;
}

export type FsImportStatus = 'pending' | 'started' | 'finished' | 'canceled' | 'errored';

/** The pod's latest import from its music folder. */
export interface FsImportState {
  status: FsImportStatus;
  reference: string;
  logs: string[];
}

/** `GET libraries/fs-import/?path=`: a Funkwhale 1.4 pod's answer (no schema body; its real fields). */
export interface FsImportFolder {
  root: string;
  path: string;
  content: FolderEntry[];
  import: FsImportState | null;
}

export interface FsImportInput {
  path: string;
  library: string;
  import_reference: string;
}

/** How often the status is asked again while an import runs. */
export const RUNNING_POLL_MS = 1500;

export function isRunning(state: FsImportState | null | undefined): boolean {
  return state?.status === 'pending' || state?.status === 'started';
}

/** A folder of the pod's music folder and the latest import; asked again every moment while one runs. */
export function useFsImport(path: string, enabled = true) {
  return useQuery({
    queryKey: contentKeys.fsImport(path),
    queryFn: ({ signal }) => apiRequest<FsImportFolder>('libraries/fs-import/', { query: { path }, signal }),
    enabled,
    retry: false,
    refetchInterval: (query) => (isRunning(query.state.data?.import) ? RUNNING_POLL_MS : false),
  });
}

export function useStartFsImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FsImportInput) => apiRequest<unknown>('libraries/fs-import/', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.fsImport() }),
  });
}

export function useCancelFsImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('libraries/fs-import/', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.fsImport() }),
  });
}

/** A readable default import reference, unique to the minute: `server-import-2026-11-23-1915`. */
export function defaultReference(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `server-import-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
}

/** The crumbs of a relative path: `a/b` → `[{name: 'a', path: 'a'}, {name: 'b', path: 'a/b'}]`. */
export function crumbs(path: string): { name: string; path: string }[] {
  const parts = path.split('/').filter((part) => part !== '');
  return parts.map((name, index) => ({ name, path: parts.slice(0, index + 1).join('/') }));
}

export function childPath(path: string, name: string): string {
  return path ? `${path}/${name}` : name;
}

export function parentPath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  return parts.slice(0, -1).join('/');
}
