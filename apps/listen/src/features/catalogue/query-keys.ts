/** Every query key of the listen app in one place, so a mutation invalidates by name, never by guess. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  recentAlbums: (pageSize: number) => [...catalogueKeys.all, 'albums', 'recent', pageSize] as const,
};
