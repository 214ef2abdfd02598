import { MemoryRouter, Route, Routes, useLocation } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePod, PROFILE, resetClientState } from './auth/testing/fake-pod';
import { LoginPage } from './LoginPage';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function logIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username or e-mail address'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signs in with the session, loads the profile and goes to `next`', async () => {
    const sent = fakePod({
      'POST users/login': { status: 200, body: {} },
      'GET users/me/': { status: 200, body: PROFILE },
    });
    renderAt('/login?next=%2Ffavorites%3Fpage%3D2');
    await logIn('newcomer', 'secret words');
    expect(await screen.findByTestId('where')).toHaveTextContent('/favorites?page=2');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: 'users/login',
      body: { username: 'newcomer', password: 'secret words' },
    });
    // The password never travels in a URL.
    expect(sent.every((request) => !request.path.includes('secret'))).toBe(true);
  });

  it('goes to the library by default, and never to another origin', async () => {
    fakePod({
      'POST users/login': { status: 200, body: {} },
      'GET users/me/': { status: 200, body: PROFILE },
    });
    renderAt('/login?next=https%3A%2F%2Fevil.example%2F');
    await logIn('newcomer', 'pw');
    expect(await screen.findByTestId('where')).toHaveTextContent('/library');
  });

  it('says it cannot log the user in, with the pod’s reason, and keeps the form', async () => {
    fakePod({
      'POST users/login': {
        status: 400,
        body: { non_field_errors: ['Unable to log in with provided credentials.'] },
      },
    });
    renderAt('/login');
    await logIn('newcomer', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We cannot log you in');
    expect(alert).toHaveTextContent('Unable to log in with provided credentials.');
    expect(screen.getByLabelText('Username or e-mail address')).toHaveValue('newcomer');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('offers sign-in on the pod itself when the pod is on another origin', () => {
    resetClientState('https://pod.example/');
    fakePod({});
    renderAt('/login');
    expect(
      screen.getByText('Your account lives on https://pod.example/. You will sign in there, then come back here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in on your pod' })).toBeEnabled();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
