import { sessionStore } from '@shoal/core';
import { MemoryRouter, Route, Routes, useLocation } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Guard } from './Guard';
import { RequireLogin } from './RequireLogin';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, element: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<Where />} />
        <Route path="/library" element={<Where />} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

const anonymous = {
  status: 'anonymous',
  profile: null,
  permissions: { settings: false, library: false, moderation: false },
} as const;

describe('Guard', () => {
  beforeEach(() => sessionStore.setState(anonymous));
  afterEach(cleanup);

  it('sends an anonymous visitor of a login route to /login with the full path as next', () => {
    renderAt('/authorize?client_id=x#top', <RequireLogin>secret page</RequireLogin>);
    expect(screen.getByText(`at /login?next=${encodeURIComponent('/authorize?client_id=x#top')}`)).toBeInTheDocument();
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });

  it('refuses a missing permission with the spec’s console line and the library', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    sessionStore.setState({ ...anonymous, status: 'authenticated' });
    renderAt('/manage/library', <Guard requires="library">library admin</Guard>);
    expect(screen.getByText('at /library')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Not authenticated. Redirecting to library.');
  });

  it('shows the page when the decision allows it, and when nothing is required', () => {
    sessionStore.setState({
      ...anonymous,
      status: 'authenticated',
      permissions: { ...anonymous.permissions, library: true },
    });
    renderAt('/manage/library', <Guard requires="library">library admin</Guard>);
    expect(screen.getByText('library admin')).toBeInTheDocument();
    cleanup();
    sessionStore.setState(anonymous);
    renderAt('/open', <Guard requires={undefined}>open page</Guard>);
    expect(screen.getByText('open page')).toBeInTheDocument();
  });
});
