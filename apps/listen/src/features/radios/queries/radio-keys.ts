import type { QueryValue } from '@shoal/core';

/** The radios' query keys, so mutations invalidate by name. */
export const radioKeys = {
  all: ['radios'] as const,
  list: (filters: Record<string, QueryValue>) => [...radioKeys.all, 'list', filters] as const,
  detail: (id: string) => [...radioKeys.all, 'detail', id] as const,
  tracks: (id: string, page: number) => [...radioKeys.all, 'tracks', id, page] as const,
  check: (filters: unknown) => [...radioKeys.all, 'check', filters] as const,
};
