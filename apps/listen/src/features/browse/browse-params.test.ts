import { describe, expect, it } from 'vitest';
import { type BrowseConfig, browseQuery, browseSearch, parseBrowseState } from './browse-params';

const config: BrowseConfig = {
  orderings: ['creation_date', 'title', 'release_date'],
  defaultOrdering: '-creation_date',
  defaultPaginateBy: 30,
  paginateByOptions: [12, 25, 30, 50, 100],
  flags: ['excludeCompilation'],
};

describe('browse state in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(parseBrowseState(new URLSearchParams(), config)).toEqual({
      q: '',
      tags: [],
      orderingField: 'creation_date',
      descending: true,
      page: 1,
      paginateBy: 30,
      flags: { excludeCompilation: false },
    });
  });

  it('round-trips a full state', () => {
    const params = new URLSearchParams(
      'q=tide&tag=jazz&tag=pop&ordering=title&page=3&paginateBy=50&excludeCompilation=true',
    );
    const state = parseBrowseState(params, config);
    expect(state).toMatchObject({
      q: 'tide',
      tags: ['jazz', 'pop'],
      orderingField: 'title',
      descending: false,
      page: 3,
    });
    expect(browseSearch(state, config).toString()).toBe(params.toString());
  });

  it('ignores unknown orderings, bad pages and page sizes not offered', () => {
    const state = parseBrowseState(new URLSearchParams('ordering=-password&page=-2&paginateBy=7'), config);
    expect(state).toMatchObject({ orderingField: 'creation_date', descending: true, page: 1, paginateBy: 30 });
  });

  it('builds the pod query', () => {
    const state = parseBrowseState(new URLSearchParams('tag=jazz&ordering=release_date&page=2'), config);
    expect(browseQuery(state)).toEqual({
      q: undefined,
      tag: ['jazz'],
      ordering: 'release_date',
      page: 2,
      page_size: 30,
    });
  });
});
