import type { QueryValue } from '@shoal/core';

type Filters = Record<string, QueryValue | QueryValue[]>;

/** Every query key of the content app in one place, so a mutation invalidates by name, never by guess. */
export const contentKeys = {
  all: ['content'] as const,
  quota: () => [...contentKeys.all, 'quota'] as const,
  libraries: () => [...contentKeys.all, 'libraries'] as const,
  library: (uuid: string) => [...contentKeys.libraries(), uuid] as const,
  libraryFollowers: (uuid: string) => [...contentKeys.library(uuid), 'followers'] as const,
  libraryItems: (uuid: string, kind: string, page: number) => [...contentKeys.library(uuid), kind, page] as const,
  uploads: (filters: Filters) => [...contentKeys.all, 'uploads', filters] as const,
  tracks: (filters: Filters) => [...contentKeys.all, 'tracks', filters] as const,
  channels: () => [...contentKeys.all, 'channels'] as const,
  follows: () => [...contentKeys.all, 'follows'] as const,
  remoteLibrary: (uuid: string) => [...contentKeys.all, 'remote', uuid] as const,
  fsImport: (path?: string) => [...contentKeys.all, 'fs-import', ...(path === undefined ? [] : [path])] as const,
};
