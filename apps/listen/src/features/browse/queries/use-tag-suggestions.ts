import { apiRequest } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { catalogueKeys } from '../../catalogue/query-keys';
import type { Paginated, Tag } from '../../catalogue/types';

/** Tags whose name matches what is being typed, for the tag filter's suggestions. */
export function useTagSuggestions(query: string) {
  const q = query.trim().replace(/^#/, '');
  return useQuery({
    queryKey: catalogueKeys.tags(q),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<Tag>>('tags/', {
        query: { q: q || undefined, page_size: 20, ordering: 'name' },
        signal,
      }).then((page) => page.results),
  });
}
