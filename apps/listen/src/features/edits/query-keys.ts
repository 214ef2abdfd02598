import type { EditKind } from './types';

/** Query keys of the edits feature. */
export const editKeys = {
  all: ['edits'] as const,
  forObject: (kind: EditKind, id: string) => [...editKeys.all, kind, id] as const,
  one: (uuid: string) => [...editKeys.all, 'one', uuid] as const,
  licenses: () => [...editKeys.all, 'licenses'] as const,
};
