import { MemoryRouter, useLocation } from '@shoal/router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowseConfig, type BrowseState, useBrowseState } from './browse-params';

const CONFIG: BrowseConfig = {
  orderings: ['title', 'creation_date'],
  defaultOrdering: '-creation_date',
  defaultPaginateBy: 30,
  paginateByOptions: [30, 50],
};

let update: (change: Partial<BrowseState>) => void = () => {};

function Probe() {
  const [, change] = useBrowseState(CONFIG);
  update = change;
  return <output>{useLocation().search}</output>;
}

afterEach(cleanup);

describe('useBrowseState', () => {
  it('builds two quick changes on each other, even from the same render', () => {
    render(
      <MemoryRouter initialEntries={['/library/albums?page=3']}>
        <Probe />
      </MemoryRouter>,
    );
    const sameRender = update;
    act(() => {
      sameRender({ tags: ['electronic'] });
      sameRender({ orderingField: 'title', descending: false });
    });
    const search = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(search.getAll('tag')).toEqual(['electronic']);
    expect(search.get('ordering')).toBe('title');
    // Any change but paging goes back to the first page.
    expect(search.get('page')).toBeNull();
  });

  it('starts again from the address once the router has shown it', () => {
    render(
      <MemoryRouter initialEntries={['/library/albums?q=moss']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => update({ page: 2 }));
    act(() => update({ q: 'tide' }));
    const search = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(search.get('q')).toBe('tide');
    expect(search.get('page')).toBeNull();
  });
});
