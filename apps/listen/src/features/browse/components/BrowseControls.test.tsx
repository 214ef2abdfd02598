import { QueryProvider } from '@shoal/query';
import { MemoryRouter, useLocation } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrowseConfig, useBrowseState } from '../browse-params';
import { BrowseControls } from './BrowseControls';

afterEach(cleanup);

const config: BrowseConfig = {
  orderings: ['creation_date', 'title'],
  defaultOrdering: '-creation_date',
  defaultPaginateBy: 30,
  paginateByOptions: [12, 30, 50],
  flags: ['excludeCompilation'],
};

function Harness() {
  const [state, update] = useBrowseState(config);
  const location = useLocation();
  return (
    <>
      <BrowseControls
        state={state}
        config={config}
        onChange={update}
        searchHint="hint"
        flags={[{ name: 'excludeCompilation', label: 'Exclude compilation artists' }]}
      />
      <output aria-label="query">{location.search}</output>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Harness />
      </MemoryRouter>
    </QueryProvider>,
  );

describe('BrowseControls', () => {
  it('writes every choice into the URL query and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderAt('/library/albums?page=3');
    await user.type(screen.getByLabelText('Search'), 'tide{Enter}');
    expect(screen.getByLabelText('query')).toHaveTextContent('?q=tide');
    await user.type(screen.getByLabelText('Tags'), '#lo fi{Enter}');
    await user.selectOptions(screen.getByLabelText('Order by'), 'title');
    await user.selectOptions(screen.getByLabelText('Direction'), 'asc');
    await user.selectOptions(screen.getByLabelText('Results per page'), '50');
    await user.click(screen.getByLabelText('Exclude compilation artists'));
    expect(screen.getByLabelText('query')).toHaveTextContent(
      '?q=tide&tag=lofi&ordering=title&paginateBy=50&excludeCompilation=true',
    );
  });

  it('shows the state of a shared link, and removes a tag from its pill', async () => {
    const user = userEvent.setup();
    renderAt('/library/albums?tag=jazz&tag=pop&ordering=title');
    expect(screen.getByLabelText('Order by')).toHaveValue('title');
    expect(screen.getByLabelText('Direction')).toHaveValue('asc');
    await user.click(screen.getByRole('button', { name: 'Remove tag jazz' }));
    expect(screen.getByLabelText('query')).toHaveTextContent('?tag=pop&ordering=title');
  });
});
